import { all, createRelayManager, decodeBytes, encodeBytes, entries, fromJson, genId, getRelays, keys, libName, makeSocket, pauseRelayReconnection, resumeRelayReconnection, selfId, socketGetter, strToNum, toHex, toJson, values } from "./utils.mjs";
import { hashWith, sha1 } from "./crypto.mjs";
import strategy_default from "./strategy.mjs";
import topic_strategy_default from "./topic-strategy.mjs";
export { all, createRelayManager, strategy_default as createStrategy, topic_strategy_default as createTopicStrategy, decodeBytes, encodeBytes, entries, fromJson, genId, getRelays, hashWith, keys, libName, makeSocket, pauseRelayReconnection, resumeRelayReconnection, selfId, sha1, socketGetter, strToNum, toHex, toJson, values };
