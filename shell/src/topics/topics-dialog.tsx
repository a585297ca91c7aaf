import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  useGetAllTopicsQuery,
  useGetUserTopicsQuery,
  useSaveUserTopicsMutation,
  useSiteName,
} from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import {
  checkSession,
  ftueTopicsPillsChanged,
  selectShowTopicsDialog,
  selectUserData,
  topicsDialogClosed,
  useAppDispatch,
  useAppSelector,
  useAppStore,
} from '@blogstream/shared/store';
import { Button, Dialog, Loader, Pill, theme } from '@blogstream/shared/ui';

const Pills = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 12px 0 20px;
  max-height: 320px;
  overflow-y: auto;
`;

const FilterInput = styled.input`
  width: 100%;
  font: inherit;
  padding: 8px 10px;
  border-radius: 4px;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Topics whose name starts with the filter, case-insensitively (spec §5). */
export function filterTopics(topics: readonly string[], filter: string): string[] {
  const prefix = filter.trim().toLowerCase();
  return topics.filter((topic) => topic.toLowerCase().startsWith(prefix));
}

/** The picker: all topics first, then the reader's own (spec §4), pills toggled in the store. */
function TopicsPicker({ firstTime, onSaved }: { firstTime: boolean; onSaved: () => void }) {
  const dispatch = useAppDispatch();
  const allTopics = useGetAllTopicsQuery(undefined, { refetchOnMountOrArgChange: true });
  const userTopics = useGetUserTopicsQuery(undefined, {
    skip: !allTopics.isSuccess,
    refetchOnMountOrArgChange: true,
  });
  const loadFailed = allTopics.isError || userTopics.isError;
  useEffect(() => {
    // Topic call failures are logged only (spec §8).
    if (loadFailed) console.error('Loading topics failed');
  }, [loadFailed]);
  const [saveTopics, { isLoading: saving }] = useSaveUserTopicsMutation();
  const storedSelection = useAppSelector((state) => state.ui.ftueTopicsPillsSelected);
  const [filter, setFilter] = useState('');
  const loaded = userTopics.isSuccess;
  const savedTopics = userTopics.data;
  useEffect(() => {
    // The reader's saved topics start out selected (null counts as none, spec §3).
    if (loaded) dispatch(ftueTopicsPillsChanged(savedTopics ?? []));
  }, [loaded, savedTopics, dispatch]);
  const selected = useMemo(() => new Set(storedSelection), [storedSelection]);
  const visible = filterTopics(allTopics.data ?? [], filter);

  const toggle = (topic: string) => {
    const next = new Set(selected);
    if (next.has(topic)) next.delete(topic);
    else next.add(topic);
    dispatch(ftueTopicsPillsChanged([...next]));
  };

  const save = async () => {
    const result = await saveTopics({ topics: [...selected] });
    if ('error' in result) {
      console.error('Saving topics failed', result.error);
      return;
    }
    onSaved();
  };

  if (!loaded) return <Loader label="Loading topics" />;
  return (
    <>
      <FilterInput
        aria-label="Filter topics"
        placeholder="Filter topics"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <Pills role="group" aria-label="Topics">
        {visible.map((topic) => (
          <Pill
            key={topic}
            type="button"
            $pressedColor="success"
            aria-pressed={selected.has(topic)}
            onClick={() => toggle(topic)}
          >
            {topic}
          </Pill>
        ))}
      </Pills>
      <Button type="button" onClick={save} disabled={selected.size === 0 || saving}>
        {firstTime ? 'Get started!' : 'Save topics'}
      </Button>
    </>
  );
}

/**
 * The topics dialog (spec §2, §4): forced on first-time readers until they choose, opened by
 * 'My topics' for the others.
 */
export function TopicsDialog() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const siteName = useSiteName();
  const user = useAppSelector(selectUserData);
  const requested = useAppSelector(selectShowTopicsDialog);
  const firstTime = user?.userFirstTimeUX === true;
  const open = user !== null && (firstTime || requested);

  const onSaved = async () => {
    await checkSession(store);
    dispatch(topicsDialogClosed());
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : dispatch(topicsDialogClosed()))}
      title={firstTime ? `Welcome to ${siteName}!` : 'My topics'}
      description={firstTime ? messages.topicsWelcomeText : undefined}
      maxWidth={theme.dialogWidths.wide}
      dismissible={!firstTime}
    >
      {open ? <TopicsPicker firstTime={firstTime} onSaved={onSaved} /> : null}
    </Dialog>
  );
}
