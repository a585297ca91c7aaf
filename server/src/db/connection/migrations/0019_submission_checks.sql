-- What the automated checks found when a blog was submitted (issue 19), kept for the operator who
-- reviews it: {checks: [{name, status, detail}], feed_url, duplicate_of}. NULL when the checks
-- could not run (the submission still waits for review).
ALTER TABLE source_submissions ADD COLUMN check_results jsonb;
