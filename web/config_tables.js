// The match layer's config tables (match/config_tables.cpp), for web/params.js.
// Generated: tests/engine/config_tables_test.cpp checks this file and rewrites it when
// run with CATAN_WRITE_CONFIG_TABLES=1.
export const levels = ["random","easy","normal","hard","expert","master"];
export const personalities = ["balanced","trader","aggressor","builder","expansionist","opportunist"];
export const enums = {"board":["beginner","official","balanced","random"],"dice":["random","balanced"],"mode":["classic","blitz","epic","custom"],"visibility":["revealed","mist","terra_incognita"]};
export const modeVp = {"blitz":7,"classic":10,"epic":13};
export const gameKeys = ["seed","playseed","players","seats","mode","vp","board","visibility","dice","timer","speed","think","masterthink","autoplay"];
