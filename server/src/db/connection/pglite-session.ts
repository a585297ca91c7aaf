import type { Mutex, PGlite } from '@electric-sql/pglite';

const READY_FOR_QUERY = 0x5a; // 'Z', then length 5 and the status byte I, T or E
const TERMINATE = 0x58; // 'X'
/** A live client sends a statement's messages in one go; a longer pause means it went away. */
const ABANDONED_EXCHANGE_MS = 5_000;

function endsWithReadyForQuery(tail: Uint8Array): boolean {
  return tail.length === 6 && tail[0] === READY_FOR_QUERY && tail[4] === 5;
}

function lastSixBytes(previous: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (chunk.length >= 6) return chunk.slice(-6);
  const joined = new Uint8Array(previous.length + chunk.length);
  joined.set(previous);
  joined.set(chunk, previous.length);
  return joined.slice(-6);
}

/**
 * PGlite is a single Postgres session, used both by this process and by the clients of its socket
 * server (admin commands). They must take turns: otherwise an admin write can land inside one of
 * the server's transactions and vanish with its rollback, or a server query can run between an
 * admin client's Parse and Bind. `session` is the mutex every in-process query holds.
 *
 * Returns the PGlite to hand to PGLiteSocketServer. The server drives it with runExclusive +
 * execProtocolRawStream per wire message and exec('ROLLBACK') when a client leaves mid-transaction.
 * A client's turn lasts from its first message until the session is back at ReadyForQuery with no
 * transaction open.
 */
export function sessionSharedWithSocketClients(pglite: PGlite, session: Mutex): PGlite {
  let turn: Promise<() => void> | undefined;
  let messagesInFlight = 0;
  let exchangeOver = true;
  let abandonTimer: NodeJS.Timeout | undefined;

  function endTurn(): void {
    const current = turn;
    turn = undefined;
    void current?.then((release) => release());
  }

  async function duringSocketTurn<T>(work: () => Promise<T>): Promise<T> {
    clearTimeout(abandonTimer);
    turn ??= session.acquire();
    messagesInFlight += 1;
    await turn;
    try {
      return await work();
    } finally {
      messagesInFlight -= 1;
      // Inside a transaction the socket server itself rolls back when the client disconnects.
      if (messagesInFlight === 0 && !pglite.isInTransaction()) {
        if (exchangeOver) endTurn();
        else abandonTimer = setTimeout(endTurn, ABANDONED_EXCHANGE_MS).unref();
      }
    }
  }

  const execProtocolRawStream: PGlite['execProtocolRawStream'] = async (message, options) => {
    let tail: Uint8Array = new Uint8Array(0);
    await pglite.execProtocolRawStream(message, {
      ...options,
      onRawData: (chunk) => {
        tail = lastSixBytes(tail, chunk);
        options.onRawData(chunk);
      },
    });
    exchangeOver = endsWithReadyForQuery(tail) || message[0] === TERMINATE;
  };

  return new Proxy(pglite, {
    get(target, property) {
      switch (property) {
        case 'runExclusive':
          return <T>(work: () => Promise<T>) => duringSocketTurn(() => target.runExclusive(work));
        case 'exec':
          return (sql: string) =>
            duringSocketTurn(async () => {
              const results = await target.exec(sql);
              exchangeOver = true;
              return results;
            });
        case 'execProtocolRawStream':
          return execProtocolRawStream;
        default: {
          // PGlite keeps its state in #private fields, so its methods must run on the real object.
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
}
