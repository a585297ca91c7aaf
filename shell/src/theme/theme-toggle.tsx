import type { ThemePreference } from '@blogstream/shared/contract/browser';
import { DarkThemeIcon, IconButton, LightThemeIcon, SystemThemeIcon } from '@blogstream/shared/ui';
import { nextThemePreference, THEME_LABELS, useThemeChoice } from '@blogstream/shared/widgets';

const icons: Record<ThemePreference, typeof SystemThemeIcon> = {
  system: SystemThemeIcon,
  light: LightThemeIcon,
  dark: DarkThemeIcon,
};

/**
 * The top bar's theme switch, one press from every page: System, Light, Dark in turn. A button
 * rather than a menu keeps a visitor's first load free of the menu primitive.
 */
export function ThemeToggle() {
  const [preference, choose] = useThemeChoice();
  const next = nextThemePreference(preference);
  const Icon = icons[preference];
  return (
    <IconButton
      type="button"
      aria-label={`Theme: ${THEME_LABELS[preference]}`}
      title={`Theme: ${THEME_LABELS[preference]}. Switch to ${THEME_LABELS[next]}`}
      onClick={() => choose(next)}
    >
      <Icon />
    </IconButton>
  );
}
