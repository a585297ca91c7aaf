import { z } from 'zod';
import {
  allTopicsResponseSchema,
  captchaChallengeSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  saveUserSettingsRequestSchema,
  saveUserTopicsRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  ssoGoogleRequestSchema,
  ssoGoogleResponseSchema,
  subscriptionsUnseenResponseSchema,
  userSettingsSchema,
  userTopicsResponseSchema,
} from './account.js';
import { pageViewRequestSchema } from './analytics.js';
import {
  bookmarkResponseSchema,
  digDeeperRequestSchema,
  feedRequestSchema,
  feedResponseSchema,
  postIdRequestSchema,
  postSummaryRequestSchema,
  summarySchema,
} from './article.js';
import {
  articleCollectionsResponseSchema,
  collectionDetailSchema,
  collectionIdRequestSchema,
  collectionMembershipRequestSchema,
  collectionSchema,
  collectionsResponseSchema,
  createCollectionRequestSchema,
  renameCollectionRequestSchema,
} from './collection.js';
import { idSchema, okResponseSchema } from './common.js';
import { crawlStatusResponseSchema } from './crawl.js';
import { endpointDocs, type EndpointDoc } from './endpoint-docs.js';
import { endpointRoutes, type EndpointName, type EndpointRoute } from './endpoint-routes.js';
import { healthResponseSchema, readinessResponseSchema } from './health.js';
import { publicConfigSchema } from './public-config.js';
import {
  followResponseSchema,
  rssAvailableFeedsResponseSchema,
  sourceIdRequestSchema,
  sourceInfoRequestSchema,
  sourceInfoResponseSchema,
  sourceListRequestSchema,
  sourcesResponseSchema,
  sourcesShowcaseResponseSchema,
  submitSourceRequestSchema,
  topicDescriptionResponseSchema,
  topicNameRequestSchema,
  topicSourcesResponseSchema,
} from './source.js';
import { checkLoggedInResponseSchema, userDataSchema } from './user.js';
import {
  feedFiltersSchema,
  hideReadSchema,
  muteRequestSchema,
  muteSchema,
  readStateResponseSchema,
} from './reader-controls.js';
import {
  sourceHealthParamsSchema,
  sourceHealthSchema,
  sourcesHealthResponseSchema,
  submitSourceResponseSchema,
} from './source-health.js';
import { importOpmlRequestSchema, importOpmlResponseSchema, opmlDocumentSchema } from './opml.js';
import {
  collectionDigestSchema,
  confirmDigestSubscriptionRequestSchema,
  confirmDigestSubscriptionResponseSchema,
  saveCollectionDigestRequestSchema,
  subscribeTopicDigestRequestSchema,
} from './digest-subscriptions.js';

/** The spec's `{}` body: anything in it is ignored. */
export const emptyRequestSchema = z.object({});

/** A path segment holding a positive id. */
const idParameter = z.coerce.number().pipe(idSchema);

/** An OpenAPI 3.1 document: checked by the server's tests against the specification's schema. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** What an endpoint takes and answers; `response: null` is a redirect, not JSON. */
export interface EndpointSchemas {
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType | null;
  /** Other statuses that answer a body of their own (beyond the API error body). */
  otherResponses?: Record<number, z.ZodType>;
}

const endpointSchemas = {
  checkLoggedIn: { response: checkLoggedInResponseSchema },
  signUp: { body: signUpRequestSchema, response: okResponseSchema },
  verifyEmail: { params: z.object({ token: z.string().max(512) }), response: null },
  signIn: { body: signInRequestSchema, response: userDataSchema },
  signInWithGoogle: { body: ssoGoogleRequestSchema, response: ssoGoogleResponseSchema },
  signOut: { response: okResponseSchema },
  forgotPassword: { body: forgotPasswordRequestSchema, response: okResponseSchema },
  resetPassword: { body: resetPasswordRequestSchema, response: okResponseSchema },
  getAllTopics: { body: emptyRequestSchema, response: allTopicsResponseSchema },
  getUserTopics: { body: emptyRequestSchema, response: userTopicsResponseSchema },
  saveUserTopics: { body: saveUserTopicsRequestSchema, response: okResponseSchema },
  getUserSettings: { body: emptyRequestSchema, response: userSettingsSchema },
  saveUserSettings: { body: saveUserSettingsRequestSchema, response: userSettingsSchema },
  checkSubscriptionsUnseen: {
    body: emptyRequestSchema,
    response: subscriptionsUnseenResponseSchema,
  },
  updateSubscriptionsSeen: { body: emptyRequestSchema, response: okResponseSchema },
  discoverFeed: { body: feedRequestSchema, response: feedResponseSchema },
  topicFeed: {
    params: z.object({ term: z.string().trim().min(1).max(100) }),
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  search: { body: feedRequestSchema, response: feedResponseSchema },
  searchNewest: { body: feedRequestSchema, response: feedResponseSchema },
  moreLikeThis: { body: feedRequestSchema, response: feedResponseSchema },
  sourceFeed: {
    params: z.object({ sourceId: idParameter }),
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  subscriptionsFeed: { body: feedRequestSchema, response: feedResponseSchema },
  demoArticles: { body: digDeeperRequestSchema, response: feedResponseSchema },
  bookmarkPost: { body: postIdRequestSchema, response: bookmarkResponseSchema },
  removeBookmark: { body: postIdRequestSchema, response: bookmarkResponseSchema },
  bookmarksFeed: { body: feedRequestSchema, response: feedResponseSchema },
  fetchBookmarksFeed: { response: feedResponseSchema },
  getCollections: { body: emptyRequestSchema, response: collectionsResponseSchema },
  getCollection: { body: collectionIdRequestSchema, response: collectionDetailSchema },
  createCollection: { body: createCollectionRequestSchema, response: collectionSchema },
  renameCollection: { body: renameCollectionRequestSchema, response: collectionSchema },
  deleteCollection: { body: collectionIdRequestSchema, response: okResponseSchema },
  getArticleCollections: { body: postIdRequestSchema, response: articleCollectionsResponseSchema },
  addArticleToCollection: { body: collectionMembershipRequestSchema, response: okResponseSchema },
  removeArticleFromCollection: {
    body: collectionMembershipRequestSchema,
    response: okResponseSchema,
  },
  collectionFeed: {
    params: z.object({ collectionId: idParameter }),
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  sourcesShowcase: { response: sourcesShowcaseResponseSchema },
  sourceInfo: { body: sourceInfoRequestSchema, response: sourceInfoResponseSchema },
  sources: { body: sourceListRequestSchema, response: sourcesResponseSchema },
  recommendedSources: { body: sourceListRequestSchema, response: sourcesResponseSchema },
  followSource: { body: sourceIdRequestSchema, response: followResponseSchema },
  unfollowSource: { body: sourceIdRequestSchema, response: followResponseSchema },
  submitSource: { body: submitSourceRequestSchema, response: submitSourceResponseSchema },
  crawlStatus: { response: crawlStatusResponseSchema },
  topicDescription: { body: topicNameRequestSchema, response: topicDescriptionResponseSchema },
  topicSources: { body: topicNameRequestSchema, response: topicSourcesResponseSchema },
  postSummary: { body: postSummaryRequestSchema, response: summarySchema },
  rssFeeds: { response: rssAvailableFeedsResponseSchema },
  publicConfig: { response: publicConfigSchema },
  captchaChallenge: { response: captchaChallengeSchema },
  pageView: { body: pageViewRequestSchema, response: okResponseSchema },
  health: { response: healthResponseSchema, otherResponses: { 503: healthResponseSchema } },
  healthReady: {
    response: readinessResponseSchema,
    otherResponses: { 503: readinessResponseSchema },
  },
  openApi: { response: openApiDocumentSchema },
  sourceHealth: { params: sourceHealthParamsSchema, response: sourceHealthSchema },
  sourcesHealth: { response: sourcesHealthResponseSchema },
  markRead: { body: postIdRequestSchema, response: readStateResponseSchema },
  markUnread: { body: postIdRequestSchema, response: readStateResponseSchema },
  getFeedFilters: { body: emptyRequestSchema, response: feedFiltersSchema },
  saveHideRead: { body: hideReadSchema, response: hideReadSchema },
  addMute: { body: muteRequestSchema, response: muteSchema },
  removeMute: { body: muteRequestSchema, response: okResponseSchema },
  subscriptionsOpml: { response: opmlDocumentSchema },
  importOpml: { body: importOpmlRequestSchema, response: importOpmlResponseSchema },
  subscribeTopicDigest: { body: subscribeTopicDigestRequestSchema, response: okResponseSchema },
  confirmDigestSubscription: {
    body: confirmDigestSubscriptionRequestSchema,
    response: confirmDigestSubscriptionResponseSchema,
  },
  getCollectionDigest: { body: collectionIdRequestSchema, response: collectionDigestSchema },
  saveCollectionDigest: {
    body: saveCollectionDigestRequestSchema,
    response: collectionDigestSchema,
  },
} as const satisfies Record<EndpointName, EndpointSchemas>;

type EndpointSchemasOf<Name extends EndpointName> = (typeof endpointSchemas)[Name];

/** One row of the table: route, access and summary, and schemas. */
export type Endpoint<Name extends EndpointName = EndpointName> = (typeof endpointRoutes)[Name] &
  EndpointDoc &
  EndpointSchemasOf<Name>;

/**
 * The endpoint table: every /api call with its method, path, access, request and response schemas.
 * The server registers its routes from it, the client types its calls with it and
 * /api/openapi.json is written from it.
 */
export const endpoints = Object.fromEntries(
  (Object.keys(endpointRoutes) as EndpointName[]).map((name) => [
    name,
    {
      ...(endpointRoutes[name] as EndpointRoute),
      ...(endpointDocs[name] as EndpointDoc),
      ...(endpointSchemas[name] as EndpointSchemas),
    },
  ]),
) as { [Name in EndpointName]: Endpoint<Name> };

/** Every row, for code that walks the whole table (OpenAPI, route coverage tests). */
export function allEndpoints(): [EndpointName, EndpointRoute & EndpointDoc & EndpointSchemas][] {
  return Object.entries(endpoints) as [
    EndpointName,
    EndpointRoute & EndpointDoc & EndpointSchemas,
  ][];
}

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What the endpoint answers (200). */
export type ResponseOf<Name extends EndpointName> = Output<EndpointSchemasOf<Name>['response']>;

/** The JSON body the endpoint takes, as the client sends it; undefined: no body. */
export type BodyOf<Name extends EndpointName> =
  EndpointSchemasOf<Name> extends { body: infer Schema } ? Input<Schema> : undefined;
