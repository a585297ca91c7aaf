import fc from 'fast-check';
import {
  describeEachDriver,
  insertArticle,
  insertSource,
  type TestReader,
  type TestServer,
} from '../../../testing/accounts-harness.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

/** What the reader should have, kept in memory as the commands run. */
interface Model {
  bookmarks: Set<number>;
  follows: Set<number>;
  collections: { id: number; name: string; posts: Set<number> }[];
}

interface Real {
  reader: TestReader;
  server: TestServer;
}

type Command = fc.AsyncCommand<Model, Real>;

const POSTS = 4;
const SOURCES = 3;

let posts: number[] = [];
let sources: number[] = [];

const postAt = (index: number) => posts[index % POSTS] ?? 0;
const sourceAt = (index: number) => sources[index % SOURCES] ?? 0;

async function expectOk<T>(promise: Promise<T>, expected: T): Promise<void> {
  expect(await promise).toEqual(expected);
}

class Bookmark implements Command {
  constructor(
    private readonly index: number,
    private readonly on: boolean,
  ) {}
  check = () => true;
  async run(model: Model, { reader }: Real) {
    const postId = postAt(this.index);
    const path = this.on ? '/api/bookmark_post' : '/api/remove_bookmark';
    await expectOk(reader.client.postJson(path, { postId }), { bookmarked: this.on });
    if (this.on) model.bookmarks.add(postId);
    else model.bookmarks.delete(postId);
  }
  toString() {
    return `${this.on ? 'bookmark' : 'unbookmark'}(${this.index})`;
  }
}

class Follow implements Command {
  constructor(
    private readonly index: number,
    private readonly on: boolean,
  ) {}
  check = () => true;
  async run(model: Model, { reader }: Real) {
    const sourceId = sourceAt(this.index);
    const path = this.on ? '/api/follow_source' : '/api/unfollow_source';
    await expectOk(reader.client.postJson(path, { sourceId }), { following: this.on });
    if (this.on) model.follows.add(sourceId);
    else model.follows.delete(sourceId);
  }
  toString() {
    return `${this.on ? 'follow' : 'unfollow'}(${this.index})`;
  }
}

class CreateCollection implements Command {
  constructor(private readonly name: string) {}
  check = () => true;
  async run(model: Model, { reader }: Real) {
    const created = await reader.client.postJson<{ collection_id: number; name: string }>(
      '/api/create_collection',
      { collectionName: this.name },
    );
    expect(created.name).toBe(this.name.trim());
    model.collections.push({ id: created.collection_id, name: created.name, posts: new Set() });
  }
  toString() {
    return `create(${JSON.stringify(this.name)})`;
  }
}

/** Commands on the n-th existing collection (modulo how many there are). */
abstract class OnCollection implements Command {
  constructor(protected readonly pick: number) {}
  check = (model: Readonly<Model>) => model.collections.length > 0;
  protected chosen(model: Model) {
    const collection = model.collections[this.pick % model.collections.length];
    if (!collection) throw new Error('check() guarantees a collection');
    return collection;
  }
  abstract run(model: Model, real: Real): Promise<void>;
}

class RenameCollection extends OnCollection {
  constructor(
    pick: number,
    private readonly name: string,
  ) {
    super(pick);
  }
  override async run(model: Model, { reader }: Real) {
    const collection = this.chosen(model);
    await expectOk(
      reader.client.postJson('/api/rename_collection', {
        collectionId: collection.id,
        collectionName: this.name,
      }),
      { collection_id: collection.id, name: this.name.trim() },
    );
    collection.name = this.name.trim();
  }
  override toString() {
    return `rename(${this.pick}, ${JSON.stringify(this.name)})`;
  }
}

class DeleteCollection extends OnCollection {
  override async run(model: Model, { reader }: Real) {
    const collection = this.chosen(model);
    await expectOk(
      reader.client.postJson('/api/delete_collection', { collectionId: collection.id }),
      {
        ok: true,
      },
    );
    model.collections = model.collections.filter((kept) => kept !== collection);
  }
  override toString() {
    return `delete(${this.pick})`;
  }
}

class Membership extends OnCollection {
  constructor(
    pick: number,
    private readonly index: number,
    private readonly member: boolean,
  ) {
    super(pick);
  }
  override async run(model: Model, { reader }: Real) {
    const collection = this.chosen(model);
    const postId = postAt(this.index);
    const path = this.member
      ? '/api/add_article_to_collection'
      : '/api/remove_article_from_collection';
    await expectOk(reader.client.postJson(path, { postId, collectionId: collection.id }), {
      ok: true,
    });
    if (this.member) collection.posts.add(postId);
    else collection.posts.delete(postId);
  }
  override toString() {
    return `${this.member ? 'add' : 'remove'}(${this.pick}, ${this.index})`;
  }
}

const name = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim().length > 0);

// Small ranges, so that sequences often touch the same article, source or collection again.
const postIndex = fc.nat({ max: POSTS - 1 });
const sourceIndex = fc.nat({ max: SOURCES - 1 });
const collectionPick = fc.nat({ max: 2 });
const memberIndex = fc.nat({ max: 2 });

const membership = fc
  .tuple(collectionPick, memberIndex, fc.boolean())
  .map(([pick, index, member]): Command => new Membership(pick, index, member));

const commands: fc.Arbitrary<Command>[] = [
  fc.tuple(postIndex, fc.boolean()).map(([index, on]) => new Bookmark(index, on)),
  fc.tuple(sourceIndex, fc.boolean()).map(([index, on]) => new Follow(index, on)),
  name.map((text) => new CreateCollection(text)),
  fc.tuple(collectionPick, name).map(([pick, text]) => new RenameCollection(pick, text)),
  collectionPick.map((pick) => new DeleteCollection(pick)),
  // Twice: a membership needs a collection and an earlier add to be interesting.
  membership,
  membership,
];

/** Everything the API (and, for follows, the database) says the reader has, as the model holds it. */
async function observe({ reader, server }: Real): Promise<Model> {
  const bookmarked = await reader.client.postJson<{ post_id: number }[]>('/api/bookmarks_feed', {
    offset: 0,
    limit: 50,
  });
  const { rows } = await server.db.query<{ source_id: number }>(
    'SELECT source_id FROM source_follows WHERE user_id = $1',
    [reader.userId],
  );
  const listed =
    await reader.client.postJson<{ collection_id: number; name: string }[]>('/api/get_collections');
  const collections = listed.map((collection) => ({
    id: collection.collection_id,
    name: collection.name,
    posts: new Set<number>(),
  }));
  for (const postId of posts) {
    const memberships = await reader.client.postJson<
      { collection_id: number; post_in_collection: boolean }[]
    >('/api/get_article_collections', { postId });
    for (const membership of memberships) {
      if (membership.post_in_collection) {
        collections
          .find((collection) => collection.id === membership.collection_id)
          ?.posts.add(postId);
      }
    }
  }
  return {
    bookmarks: new Set(bookmarked.map((article) => article.post_id)),
    follows: new Set(rows.map((row) => Number(row.source_id))),
    collections,
  };
}

describeEachDriver('random toggles match an in-memory model', (driver) => {
  const site = routeTestSite(driver, {
    seed: async (db) => {
      sources = [];
      posts = [];
      for (let index = 0; index < SOURCES; index += 1) sources.push(await insertSource(db));
      for (let index = 0; index < POSTS; index += 1) {
        posts.push(await insertArticle(db, sourceAt(index), index + 1));
      }
    },
  });

  test('bookmarks, follows and collections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: '+1' }), async (sequence) => {
        const real = { reader: await site.signIn(), server: site.server };
        const model: Model = { bookmarks: new Set(), follows: new Set(), collections: [] };
        await fc.asyncModelRun(() => ({ model, real }), sequence);
        expect(await observe(real)).toEqual(model);
      }),
      { numRuns: 40 },
    );
  });
});
