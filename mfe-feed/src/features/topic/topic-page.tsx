import { Link, useParams } from 'react-router-dom';
import { clientPath } from '@blogstream/shared/contract/browser';
import { findTopic, messages, TOPICS } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { LinkGrid, PageContainer, PageTitle } from '@blogstream/shared/ui';
import { FilteredFeed, SourceLinksSection } from '@blogstream/shared/widgets';
import { useGetSourcesForTopicQuery, useGetTopicDescriptionQuery } from './topic-api';
import { TopicDigestForm, useDigestConfirmation } from './topic-digest';

/** Topic feeds show longer previews (spec §9: 260 desktop, 90 mobile). */
const TOPIC_PREVIEW = { desktop: 260, mobile: 90 };

/** Every topic but `except`, each linking to its page. */
function MoreTopics({ except }: { except?: string }) {
  return (
    <section aria-labelledby="more-topics">
      <h2 id="more-topics">More topics</h2>
      <LinkGrid>
        {TOPICS.filter((name) => name !== except).map((name) => (
          <li key={name}>
            <Link to={clientPath('topic', { topic: name })}>{name}</Link>
          </li>
        ))}
      </LinkGrid>
    </section>
  );
}

/** A topic the site does not have (its API calls answer 404): no feed and no digest to offer. */
function UnknownTopic({ topic }: { topic: string }) {
  usePageMeta({ title: messages.topicNotFound });
  return (
    <PageContainer>
      <PageTitle>{messages.topicNotFound}</PageTitle>
      <p>{messages.noSuchTopic(topic)}</p>
      <MoreTopics />
    </PageContainer>
  );
}

export function TopicPage() {
  const topic = useParams().topic ?? '';
  return findTopic(topic) ? <KnownTopic topic={topic} /> : <UnknownTopic topic={topic} />;
}

function KnownTopic({ topic }: { topic: string }) {
  const description = useGetTopicDescriptionQuery(topic);
  const sources = useGetSourcesForTopicQuery(topic);
  useDigestConfirmation(topic);
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
      <FilteredFeed
        call={{ name: 'searchNewest' }}
        queryData={topic}
        previewLength={TOPIC_PREVIEW}
      />
      <MoreTopics except={topic} />
      <SourceLinksSection title={`${topic} blogs to follow`} sources={sources.data} />
    </PageContainer>
  );
}
