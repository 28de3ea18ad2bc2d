import { protocol } from '@electric-sql/pglite';

type BackendMessage = Parameters<Parameters<protocol.Parser['parse']>[1]>[0];

/** The code of a DataRow message, the one kind read here rather than by PGlite's parser. */
const DATA_ROW = 0x44;
/** The room a statement's answer starts with. */
const FIRST_BYTES = 64 * 1024;
/** Room kept between statements; a larger answer's room is let go once it has been read. */
const KEPT_BYTES = 4 * 1024 * 1024;

/** A statement's answer, read: its messages, and what of them its caller acts on, found as they were read. */
export interface ReadAnswer {
  readonly messages: BackendMessage[];
  /** The first error PostgreSQL reported. */
  error: InstanceType<typeof protocol.messages.DatabaseError> | undefined;
  readonly notifications: Array<InstanceType<typeof protocol.messages.NotificationResponseMessage>>;
}

/**
 * What PostgreSQL wrote back for one statement, collected out of PGlite's WebAssembly memory and
 * read into messages once the statement has ended.
 *
 * PGlite's own `execProtocolStream` hands each piece it is written (a few KB) to its protocol
 * parser, which copies the piece into an ArrayBuffer of its own, and another one where a message
 * runs over two pieces. A 93-day analytics page is megabytes of such garbage: native memory that
 * waits for a collection, and that the C heap kept after it (heaptrack on the bench's PGlite
 * analytics row: 37 of the 44 MB of ArrayBuffers at the peak). Here the pieces are copied into
 * one buffer kept between statements, the rows are read from it as strings, and only the few other
 * messages of a statement go through PGlite's parser, each copied on its own (D87).
 */
export class PgliteAnswer {
  private bytes = new Uint8Array(FIRST_BYTES);
  private length = 0;
  private readonly decoder = new TextDecoder();
  private readonly parser = new protocol.Parser();

  /** PGlite's `onRawData`: a piece of the answer, a view of PGlite's memory valid only during the call. */
  readonly collect = (piece: Uint8Array): void => {
    const needed = this.length + piece.length;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(piece, this.length);
    this.length = needed;
  };

  /**
   * The messages collected since the last call, in order; the buffer is empty afterwards. Errors and
   * notifications are picked out as the other messages are parsed: a DataRow is neither, so the rows
   * are not looked at again.
   */
  read(): ReadAnswer {
    const answer: ReadAnswer = { messages: [], error: undefined, notifications: [] };
    const view = new DataView(this.bytes.buffer, 0, this.length);
    for (let at = 0; at < this.length; ) {
      // A message: its code (1 byte), then its length (4 bytes, itself included), then its fields.
      const end = at + 1 + view.getUint32(at + 1);
      if (this.bytes[at] === DATA_ROW) answer.messages.push(this.dataRow(view, at + 5, end));
      else this.parser.parse(this.bytes.buffer.slice(at, end), (message) => noteMessage(answer, message));
      at = end;
    }
    this.length = 0;
    if (this.bytes.length > KEPT_BYTES) this.bytes = new Uint8Array(FIRST_BYTES);
    return answer;
  }

  /** A DataRow: the count of fields (2 bytes), then each field's length (4 bytes, -1 for null) and text. */
  private dataRow(view: DataView, start: number, end: number): BackendMessage {
    const fields: Array<string | null> = new Array(view.getUint16(start));
    let at = start + 2;
    for (let i = 0; i < fields.length; i++) {
      const size = view.getInt32(at);
      at += 4;
      if (size < 0) fields[i] = null;
      else {
        fields[i] = this.decoder.decode(this.bytes.subarray(at, at + size));
        at += size;
      }
    }
    return new protocol.messages.DataRowMessage(end - start + 4, fields);
  }
}

/** A message other than a row, added to the answer, and kept aside when it is an error or a notification. */
function noteMessage(answer: ReadAnswer, message: BackendMessage): void {
  answer.messages.push(message);
  if (message instanceof protocol.messages.DatabaseError) answer.error ??= message;
  else if (message instanceof protocol.messages.NotificationResponseMessage)
    answer.notifications.push(message);
}
