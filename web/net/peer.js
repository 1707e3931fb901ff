// A connected player on the other end, the same for both ways of signalling:
//   peer.id, peer.send(text), peer.onmessage = (text) => ..., peer.onclose = (reason) => ...,
//   peer.close(). Messages that arrive before onmessage is set wait for it, in order.
export function makePeer(id, sendText, closeLink) {
  let closed = false;
  let onmessage = null;
  const waiting = [];
  const peer = {
    id,
    onclose: null,
    get closed() { return closed; },
    get onmessage() { return onmessage; },
    set onmessage(fn) {
      onmessage = fn;
      while (onmessage && waiting.length) onmessage(waiting.shift());
    },
    send(text) {
      if (closed) throw new Error(`the connection to ${id} is closed`);
      sendText(String(text));
    },
    close() {
      if (closed) return;
      closeLink();
      peer.ended('closed here');
    },
    // Called by the link: a message arrived / the link ended.
    received(text) {
      if (closed) return;
      if (onmessage) onmessage(text);
      else waiting.push(text);
    },
    ended(reason) {
      if (closed) return;
      closed = true;
      if (peer.onclose) peer.onclose(reason);
    },
  };
  return peer;
}
