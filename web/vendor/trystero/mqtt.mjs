import mqtt from "./mqtt/mqtt.esm.js";
import { createRelayManager, createTopicStrategy, getRelays, selfId, toJson } from "./core/index.mjs";
//#region src/index.ts
const defaultRedundancy = 4;
const relayManager = createRelayManager((client) => client.stream?.socket);
const msgHandlers = relayManager.scoped();
const subscriptionTokens = relayManager.scoped();
const subscriptionRefs = relayManager.scoped();
const announcementMessages = relayManager.scoped();
const joinRoom = createTopicStrategy({
	init: (config) => getRelays(config, defaultRelayUrls, defaultRedundancy).map((url) => {
		const client = relayManager.register(url, () => mqtt.connect(url, {
			queueQoSZero: false,
			resubscribe: false
		}));
		const handlers = msgHandlers.forRelay(client);
		if (client.listenerCount("message") === 0) client.on("message", (topic, buffer) => handlers[topic]?.(topic, buffer.toString())).on("connect", () => {
			const topics = Object.keys(subscriptionRefs.forRelay(client));
			if (topics.length === 0) return;
			client.subscribeAsync(topics).then(() => {
				Object.entries(announcementMessages.forRelay(client)).forEach(([topic, msg]) => client.publish(topic, msg));
			}).catch(console.error);
		}).on("error", console.error);
		return client.connected ? Promise.resolve(client) : new Promise((res) => client.once("connect", () => res(client)));
	}),
	subscribeTopic: async (client, topic, onMessage) => {
		const handlers = msgHandlers.forRelay(client);
		const tokens = subscriptionTokens.forRelay(client);
		const refs = subscriptionRefs.forRelay(client);
		const token = Symbol(topic);
		const topicHandler = (topic, data) => onMessage(topic, data);
		handlers[topic] = topicHandler;
		tokens[topic] = token;
		refs[topic] = (refs[topic] ?? 0) + 1;
		if (refs[topic] === 1) await client.subscribeAsync(topic);
		return () => {
			refs[topic] = Math.max(0, (refs[topic] ?? 1) - 1);
			if (refs[topic] === 0) {
				client.unsubscribe(topic);
				delete refs[topic];
				delete announcementMessages.forRelay(client)[topic];
			}
			if (handlers[topic] === topicHandler) delete handlers[topic];
			if (tokens[topic] === token) delete tokens[topic];
		};
	},
	publishTopic: (client, topic, msg, { kind }) => {
		const payload = typeof msg === "string" ? msg : toJson(msg);
		if (kind === "announce") announcementMessages.forRelay(client)[topic] = payload;
		if (client.connected) client.publish(topic, payload);
	}
});
const getRelaySockets = relayManager.getSockets;
const defaultRelayUrls = [
	"test.mosquitto.org:8081/mqtt",
	"broker.emqx.io:8084/mqtt",
	"public:public@public.cloud.shiftr.io",
	"broker-cn.emqx.io:8084/mqtt",
	"broker.hivemq.com:8884/mqtt"
].map((url) => "wss://" + url);
//#endregion
export { defaultRelayUrls, getRelaySockets, joinRoom, selfId };

