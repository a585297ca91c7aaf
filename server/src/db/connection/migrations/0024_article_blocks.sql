-- The reader view's blocks of an article (docs/decisions/0037, "Since"): its structure as the
-- crawler read it from the HTML its text came from (the feed's content or the visited page), a
-- JSON array of {kind, text} (a heading's level too), {kind: 'image', src, alt}. Plain text and
-- addresses only, never markup. NULL where none was kept (text stored before, or sent as plain
-- text): the reader view then reads its blocks from `content`, one paragraph a line.
ALTER TABLE articles ADD COLUMN content_blocks jsonb;
