import { bundledMigrations, migrate } from './connection/migrations.js';
import { IN_MEMORY, openPglite } from './connection/pglite.js';
import { articleSelect, articlesOf, type ArticleRow } from './articles.js';

test('an article row carries its source and whether this reader bookmarked it', async () => {
  const db = await openPglite(IN_MEMORY);
  try {
    await migrate(db, await bundledMigrations());
    await db.query(
      `INSERT INTO sources (url_name, name, long_name, logo_file) VALUES ('go', 'Go', 'The Go Blog', 'go.png')`,
    );
    await db.query(
      `INSERT INTO articles (source_id, link, title, publishing_date)
       VALUES (1, 'https://go.dev/blog/a', 'A', '2024-05-01T10:00:00Z'),
              (1, 'https://go.dev/blog/b', 'B', '2024-05-02T10:00:00Z')`,
    );
    await db.query(`INSERT INTO users (email, name) VALUES ('ada@example.com', 'Ada')`);
    await db.query(`INSERT INTO bookmarks (user_id, post_id) VALUES (1, 2)`);

    const { rows } = await db.query<ArticleRow>(
      `${articleSelect('$1')} ORDER BY a.publishing_date DESC, a.post_id DESC`,
      [1],
    );
    expect(await articlesOf(db, rows)).toEqual([
      expect.objectContaining({ post_id: 2, title: 'B', bookmarked: true, source_name: 'Go' }),
      expect.objectContaining({
        post_id: 1,
        bookmarked: false,
        source_url_name: 'go',
        source_logo_file: 'go.png',
        source_type: 'blog',
        publishing_date: '2024-05-01T10:00:00.000Z',
        image: null,
      }),
    ]);

    const visitor = await db.query<ArticleRow>(articleSelect('$1'), [null]);
    expect(visitor.rows.every((row) => row.bookmarked === false)).toBe(true);
  } finally {
    await db.close();
  }
});
