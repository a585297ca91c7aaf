import { topPageViews } from '../db/page-views.js';
import { AdminCommandError, type AdminCommand } from './admin-command.js';

const DEFAULT_DAYS = 7;

export const analyticsCommands: Record<string, AdminCommand> = {
  'page-views': {
    summary: `Most viewed pages over the last DAYS days (default ${DEFAULT_DAYS}; needs ANALYTICS=on)`,
    run: async (db, [days = String(DEFAULT_DAYS)]) => {
      const count = Number(days);
      if (!Number.isInteger(count) || count < 1 || count > 3650) {
        throw new AdminCommandError('DAYS must be a whole number from 1 to 3650');
      }
      const views = await topPageViews(db, count);
      if (views.length === 0) console.info(`No page views in the last ${count} days.`);
      for (const { path, views: total } of views)
        console.info(`${String(total).padStart(8)}  ${path}`);
    },
  },
};
