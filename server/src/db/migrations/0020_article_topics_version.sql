-- Topics per article (docs/decisions/0031-topics-per-article.md): an article's topics come from
-- its own title and opening (ingestion/normalise/classify-topics.ts), its source's topics only a
-- prior. topics_version is the version of the rules that gave them (NULL: the old per-source
-- stamp), so changed rules give every stored article its topics again.
ALTER TABLE articles ADD COLUMN topics_version smallint;
