import styled from 'styled-components';
import { useGetFeedFiltersQuery, useSaveHideReadMutation } from '@blogstream/shared/api';
import { Checkbox } from '@blogstream/shared/ui';

const Bar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: -8px 0 8px;
`;

/** The switch itself, with the reader's setting: loaded only for a signed-in reader. */
export function ReaderHideReadToggle() {
  const filters = useGetFeedFiltersQuery();
  const [save, saving] = useSaveHideReadMutation();
  if (!filters.data) return null;
  const checked =
    saving.isLoading && saving.originalArgs !== undefined
      ? saving.originalArgs
      : filters.data.hide_read;
  return (
    <Bar>
      <Checkbox
        label="Hide read"
        checked={checked}
        disabled={saving.isLoading}
        onCheckedChange={(hide) => void save(hide)}
      />
    </Bar>
  );
}
