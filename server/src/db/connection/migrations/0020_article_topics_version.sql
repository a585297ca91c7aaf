-- Topics per article (docs/decisions/0031-topics-per-article.md): an article's topics come from
-- its own title and opening (ingestion/normalise/classify-topics.ts), its source's topics only a
-- prior. topics_version is the version of the rules that gave them (NULL: the old per-source
-- stamp), so changed rules give every stored article its topics again. topic_scores holds the
-- evidence for each of `topics`, in the same order: the topic page ranks by it (NULL: the old
-- stamp, ranked as the least sure).
ALTER TABLE articles ADD COLUMN topics_version smallint, ADD COLUMN topic_scores real[];
