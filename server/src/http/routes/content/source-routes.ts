import type { Db } from '../../../db/db.js';
import { userTopics } from '../../../db/profile.js';
import {
  findSource,
  listSources,
  recommendedSources,
  relatedSources,
  showcaseSources,
} from '../../../db/source-lists.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { serve } from '../../endpoint.js';

const SHOWCASE_ROW_LENGTH = 4;
const SHOWCASE_ROWS = 4;
const RELATED_SOURCES = 6;
const DEFAULT_RECOMMENDED = 30;

function rowsOf<T>(items: T[], length: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / length) }, (_, row) =>
    items.slice(row * length, (row + 1) * length),
  );
}

/** Source calls of spec §7: showcase, source info, lists and recommendations. */
export function registerSourceRoutes(app: App, db: Db): void {
  serve(app, 'sourcesShowcase', async (request) =>
    rowsOf(
      await showcaseSources(db, request.userId, SHOWCASE_ROWS * SHOWCASE_ROW_LENGTH),
      SHOWCASE_ROW_LENGTH,
    ),
  );

  serve(app, 'sourceInfo', async (request) => {
    const key =
      'sourceUrlName' in request.body
        ? { urlName: request.body.sourceUrlName }
        : { sourceId: request.body.sourceId };
    const source = await findSource(db, key, request.userId);
    if (!source) throw new ApiFailure(404, 'NOT_FOUND', 'Source not found.');
    const { topics, ...fields } = source;
    return {
      ...fields,
      related_sources: await relatedSources(
        db,
        { source_id: source.source_id, topics },
        RELATED_SOURCES,
      ),
    };
  });

  serve(app, 'sources', async (request) => {
    const sources = await listSources(db, request.userId);
    return request.body.limit ? sources.slice(0, request.body.limit) : sources;
  });

  serve(app, 'recommendedSources', async (request) => {
    const topics = request.userId === null ? null : await userTopics(db, request.userId);
    return recommendedSources(
      db,
      request.userId,
      topics,
      request.body.limit ?? DEFAULT_RECOMMENDED,
    );
  });
}
