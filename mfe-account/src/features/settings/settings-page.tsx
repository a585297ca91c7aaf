import styled from 'styled-components';
import { useGetUserSettingsQuery, useSaveUserSettingsMutation } from '@blogstream/shared/api';
import { THEME_PREFERENCES, type ThemePreference } from '@blogstream/shared/contract/browser';
import { DIGEST_FREQUENCY, messages } from '@blogstream/shared/lib';
import { TitledPage } from '@blogstream/shared/mfe';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { Loader, Select } from '@blogstream/shared/ui';
import { THEME_LABELS, useThemeChoice } from '@blogstream/shared/widgets';
import {
  ContractForm,
  FormSelect,
  FormSubmit,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import type { UserSettings } from '@blogstream/shared/contract';
import { MutesSection } from './mutes-section';

const frequencyOptions = [
  { value: DIGEST_FREQUENCY.OFF, label: 'Off' },
  { value: DIGEST_FREQUENCY.WEEKLY, label: 'Weekly' },
];

const themeOptions = THEME_PREFERENCES.map((value) => ({ value, label: THEME_LABELS[value] }));

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
    // The theme is not part of the form: it changes at once, as the top bar's toggle does.
    schema: (contract) => contract.userSettingsSchema.pick({ email_digest_frequency: true }),
    defaultValues: { email_digest_frequency: saved.email_digest_frequency },
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

/** The colour theme, shown and saved as soon as it is chosen. */
function ThemeSetting() {
  const [preference, choose] = useThemeChoice();
  return (
    <Select
      label="Theme"
      value={preference}
      options={themeOptions}
      onValueChange={(value) => choose(value as ThemePreference)}
    />
  );
}

function LoadedSettings() {
  const { data, isError } = useGetUserSettingsQuery();
  if (isError) return <p>{messages.genericError}</p>;
  if (!data) return <Loader label="Loading settings" />;
  return (
    <Column>
      <ThemeSetting />
      <SettingsForm saved={data} />
    </Column>
  );
}

/** Settings (spec §2): the weekly digest switch and the theme; signed-in readers only. */
export function SettingsPage() {
  return (
    <TitledPage title="Settings" readersOnly>
      <LoadedSettings />
      <MutesSection />
    </TitledPage>
  );
}
