import { useState } from 'react';
import styled from 'styled-components';
import { DIGEST_FREQUENCY, messages } from '@blogstream/shared/lib';
import { RequireReader, usePageMeta } from '@blogstream/shared/mfe';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { Button, Loader, PageContainer, PageTitle, Select } from '@blogstream/shared/ui';
import type { UserSettings } from '@blogstream/shared/contract';
import { useGetUserSettingsQuery, useSaveUserSettingsMutation } from './settings-api';

const frequencyOptions = [
  { value: String(DIGEST_FREQUENCY.OFF), label: 'Off' },
  { value: String(DIGEST_FREQUENCY.WEEKLY), label: 'Weekly' },
];

const Form = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 20px;
`;

function SettingsForm({ saved }: { saved: UserSettings }) {
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSaveUserSettingsMutation();
  const [frequency, setFrequency] = useState(String(saved.email_digest_frequency));

  const submit = async () => {
    const email_digest_frequency = Number(frequency) as UserSettings['email_digest_frequency'];
    const result = await save({ email_digest_frequency });
    dispatch(
      'error' in result
        ? snackbarShown(messages.settingsSaveFailed, { severity: 'error' })
        : snackbarShown(messages.settingsSaved),
    );
  };

  return (
    <Form>
      <Select
        label="Digest mail frequency"
        value={frequency}
        options={frequencyOptions}
        onValueChange={setFrequency}
      />
      <Button type="button" onClick={() => void submit()} disabled={isLoading}>
        Save settings
      </Button>
    </Form>
  );
}

function LoadedSettings() {
  const { data, isError } = useGetUserSettingsQuery();
  if (isError) return <p>{messages.genericError}</p>;
  if (!data) return <Loader label="Loading settings" />;
  return <SettingsForm saved={data} />;
}

/** Settings (spec §2): the weekly digest switch; signed-in readers only. */
export function SettingsPage() {
  usePageMeta({ title: 'Settings' });
  return (
    <PageContainer>
      <PageTitle>Settings</PageTitle>
      <RequireReader>
        <LoadedSettings />
      </RequireReader>
    </PageContainer>
  );
}
