import styled from 'styled-components';
import { DIGEST_FREQUENCY, messages } from '@blogstream/shared/lib';
import { TitledPage } from '@blogstream/shared/mfe';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { Loader } from '@blogstream/shared/ui';
import {
  ContractForm,
  FormSelect,
  FormSubmit,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import type { UserSettings } from '@blogstream/shared/contract';
import { useGetUserSettingsQuery, useSaveUserSettingsMutation } from './settings-api';

const frequencyOptions = [
  { value: DIGEST_FREQUENCY.OFF, label: 'Off' },
  { value: DIGEST_FREQUENCY.WEEKLY, label: 'Weekly' },
];

const Column = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 20px;
`;

function SettingsForm({ saved }: { saved: UserSettings }) {
  const dispatch = useAppDispatch();
  const [save] = useSaveUserSettingsMutation();
  const form = useContractForm({
    schema: (contract) => contract.userSettingsSchema,
    defaultValues: saved,
  });

  return (
    <ContractForm
      form={form}
      onSubmit={async (settings) => {
        const result = await save(settings);
        dispatch(
          'error' in result
            ? snackbarShown(messages.settingsSaveFailed, { severity: 'error' })
            : snackbarShown(messages.settingsSaved),
        );
      }}
    >
      <Column>
        <FormSelect
          form={form}
          name="email_digest_frequency"
          label="Digest mail frequency"
          options={frequencyOptions}
        />
        <FormSubmit form={form}>Save settings</FormSubmit>
      </Column>
    </ContractForm>
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
  return (
    <TitledPage title="Settings" readersOnly>
      <LoadedSettings />
    </TitledPage>
  );
}
