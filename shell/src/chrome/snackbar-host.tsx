import {
  selectSnackbar,
  snackbarDismissed,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { SnackbarMessage } from '@blogstream/shared/ui';

/** Shows the snackbar any package asked for (ui/snackbarShown) for its duration. */
export function SnackbarHost() {
  const dispatch = useAppDispatch();
  const snackbar = useAppSelector(selectSnackbar);
  if (!snackbar) return null;
  return (
    <SnackbarMessage
      key={snackbar.id}
      message={snackbar.message}
      severity={snackbar.severity}
      durationMs={snackbar.durationMs}
      onClose={() => dispatch(snackbarDismissed(snackbar.id))}
    />
  );
}
