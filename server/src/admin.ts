import { runAdmin } from './admin/run-admin.js';
import { explainError } from './explain-error.js';

try {
  process.exitCode = await runAdmin(process.argv.slice(2));
} catch (error) {
  const explanation = explainError(error);
  if (explanation) console.error(explanation);
  else console.error('The admin command failed:', error);
  process.exitCode = 1;
}
