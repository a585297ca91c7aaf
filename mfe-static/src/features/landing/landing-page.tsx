import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSiteName } from '@blogstream/shared/api';
import { clientPath } from '@blogstream/shared/contract/browser';
import { LANDING_TOPICS } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { loginDialogRequested, useAppDispatch } from '@blogstream/shared/store';
import { Button, PageContainer } from '@blogstream/shared/ui';
import { LandingDemo } from './landing-demo';

const Hero = styled.section`
  text-align: center;
  padding: 48px 0 32px;
  h1 {
    font-size: 2.4rem;
    margin: 0 0 12px;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 1.15rem;
  }
`;

const HeroActions = styled.div`
  display: flex;
  gap: 12px;
  justify-content: center;
  margin-top: 24px;
`;

const Features = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 16px;
  margin: 32px 0;
  h3 {
    margin: 0 0 6px;
  }
`;

const Feature = styled.article`
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium}px;
`;

const TopicChips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 0;
  list-style: none;
  a {
    display: inline-block;
    padding: 6px 14px;
    border-radius: ${({ theme }) => theme.radius.pill}px;
    border: 1px solid ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.accent};
    text-decoration: none;
  }
`;

const SearchForm = styled.form`
  display: flex;
  gap: 8px;
  margin: 12px 0;
  input {
    flex: 1;
    font: inherit;
    padding: 10px 14px;
    border-radius: ${({ theme }) => theme.radius.pill}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Hints = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    margin-right: 12px;
  }
`;

const ClosingCall = styled.section`
  margin: 48px 0 16px;
  padding: 32px 16px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const searchHints = ['postgres indexes', 'rust async', 'kafka', 'llm evaluation'];

function LandingSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) navigate(clientPath('search', { searchQuery: query.trim() }));
  };
  return (
    <section aria-labelledby="landing-search">
      <h2 id="landing-search">Search by meaning</h2>
      <SearchForm role="search" onSubmit={submit}>
        <input
          type="search"
          aria-label="Search articles"
          placeholder="What do you want to learn about?"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </SearchForm>
      <Hints>
        Try:{' '}
        {searchHints.map((hint) => (
          <Link key={hint} to={clientPath('search', { searchQuery: hint })}>
            {hint}
          </Link>
        ))}
      </Hints>
    </section>
  );
}

const features = [
  { name: 'AI Summaries', text: 'Key points and concepts of an article before you open it.' },
  { name: 'Semantic Search', text: 'Find articles by meaning, not only by the words they use.' },
  { name: 'Weekly Digest', text: 'The week’s best articles on your topics, in one e-mail.' },
  { name: 'Collections', text: 'Keep what you read in collections of your own.' },
];

/** The landing page visitors see at / (spec §2). */
export function LandingPage() {
  const dispatch = useAppDispatch();
  const siteName = useSiteName();
  usePageMeta({
    description: `${siteName}: the best engineering blogs in one place, with AI summaries and semantic search.`,
  });
  return (
    <PageContainer>
      <Hero>
        <h1>The best engineering blogs, in one place</h1>
        <p>
          Articles from hundreds of company and personal engineering blogs, summarised and
          searchable.
        </p>
        <HeroActions>
          <Button type="button" onClick={() => dispatch(loginDialogRequested())}>
            Start Reading
          </Button>
          <Button
            type="button"
            $variant="outlined"
            onClick={() =>
              document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' })
            }
          >
            How it works
          </Button>
        </HeroActions>
      </Hero>
      <Features id="features" aria-label="Features">
        {features.map((feature) => (
          <Feature key={feature.name}>
            <h3>{feature.name}</h3>
            <p>{feature.text}</p>
          </Feature>
        ))}
      </Features>
      <section aria-labelledby="landing-topics">
        <h2 id="landing-topics">Explore topics</h2>
        <TopicChips>
          {LANDING_TOPICS.map((topic) => (
            <li key={topic}>
              <Link to={clientPath('topic', { topic })}>{topic}</Link>
            </li>
          ))}
        </TopicChips>
      </section>
      <LandingDemo />
      <LandingSearch />
      <ClosingCall>
        <h2>Read what the best engineers write</h2>
        <p>Pick your topics and get a feed, a weekly digest and summaries made for you.</p>
        <Button type="button" onClick={() => dispatch(loginDialogRequested())}>
          Start Reading
        </Button>
      </ClosingCall>
    </PageContainer>
  );
}
