-- The reader's colour theme (issue 18): 'system' follows the device's prefers-color-scheme,
-- 'light' and 'dark' override it. Kept with the settings so it follows the reader across devices.
ALTER TABLE users
  ADD COLUMN theme text NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark'));
