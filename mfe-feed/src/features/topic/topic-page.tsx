import { Link, useParams } from 'react-router-dom';
import { clientPath } from '@blogstream/shared/contract/browser';
import { TOPICS } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { LinkGrid, PageContainer, PageTitle } from '@blogstream/shared/ui';
import {
  GenrePills,
  InfiniteFeed,
  SourceLinksSection,
  useGenreFilter,
} from '@blogstream/shared/widgets';
import { useGetSourcesForTopicQuery, useGetTopicDescriptionQuery } from './topic-api';
import { TopicDigestForm, useDigestConfirmation } from './topic-digest';

/** Topic feeds show longer previews (spec §9: 260 desktop, 90 mobile). */
const TOPIC_PREVIEW = { desktop: 260, mobile: 90 };

export function TopicPage() {
  const topic = useParams().topic ?? '';
  const description = useGetTopicDescriptionQuery(topic);
  const sources = useGetSourcesForTopicQuery(topic);
  useDigestConfirmation(topic);
  const [genre, setGenre] = useGenreFilter();
  usePageMeta({
    title: `${topic} Blogs`,
    withSiteName: false,
    description: description.data?.[0] ?? `The best ${topic} articles from engineering blogs.`,
  });
  return (
    <PageContainer>
      <PageTitle>Topics / {topic}</PageTitle>
      {description.data?.length ? (
        <section aria-labelledby="about-topic">
          <h2 id="about-topic">About {topic}</h2>
          {description.data.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ) : null}
      <TopicDigestForm topic={topic} />
      <h2>Discover the best {topic} blogs</h2>
      <GenrePills selected={genre} onSelect={setGenre} />
      <InfiniteFeed
        key={`${topic}:${genre ?? ''}`}
        call={{ name: 'searchNewest' }}
        queryData={topic}
        genre={genre}
        previewLength={TOPIC_PREVIEW}
      />
      <section aria-labelledby="more-topics">
        <h2 id="more-topics">More topics</h2>
        <LinkGrid>
          {TOPICS.filter((name) => name !== topic).map((name) => (
            <li key={name}>
              <Link to={clientPath('topic', { topic: name })}>{name}</Link>
            </li>
          ))}
        </LinkGrid>
      </section>
      <SourceLinksSection title={`${topic} blogs to follow`} sources={sources.data} />
    </PageContainer>
  );
}
