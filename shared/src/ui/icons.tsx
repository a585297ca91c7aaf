import {
  BookOpen,
  Bookmark,
  Check,
  ChevronDown,
  Copy,
  EllipsisVertical,
  ExternalLink,
  Folder,
  Highlighter,
  House,
  ListFilter,
  ListPlus,
  Menu,
  Monitor,
  Moon,
  Newspaper,
  Search,
  Sparkles,
  SquareStack,
  Sun,
  ThumbsDown,
  ThumbsUp,
  X,
  type LucideIcon,
} from 'lucide-react';
import styled from 'styled-components';

/**
 * Lucide icons, 20 px with a 1.8 stroke unless told otherwise, drawn in the text colour. Each is
 * imported by name, and each wrapper is marked pure, so a build keeps only the icons it uses. Lucide hides an icon from assistive technology
 * unless it is given an accessible name: the button or link around it carries the name.
 */
function appIcon(Glyph: LucideIcon) {
  return styled(Glyph).attrs((props) => ({
    size: props.size ?? 20,
    strokeWidth: props.strokeWidth ?? 1.8,
  }))`
    flex: none;
    vertical-align: middle;
  `;
}

export const SparkleIcon = /* @__PURE__ */ appIcon(Sparkles);
export const SimilarIcon = /* @__PURE__ */ appIcon(SquareStack);
export const AddToCollectionIcon = /* @__PURE__ */ appIcon(ListPlus);
export const MenuIcon = /* @__PURE__ */ appIcon(Menu);
export const SearchIcon = /* @__PURE__ */ appIcon(Search);
export const HomeIcon = /* @__PURE__ */ appIcon(House);
export const SubscriptionsIcon = /* @__PURE__ */ appIcon(Newspaper);
export const CollectionIcon = /* @__PURE__ */ appIcon(Folder);
export const OpenInNewIcon = /* @__PURE__ */ appIcon(ExternalLink);
export const CopyIcon = /* @__PURE__ */ appIcon(Copy);
export const ReadIcon = /* @__PURE__ */ appIcon(BookOpen);
export const HighlightIcon = /* @__PURE__ */ appIcon(Highlighter);
export const MoreIcon = /* @__PURE__ */ appIcon(EllipsisVertical);
export const ChevronDownIcon = /* @__PURE__ */ appIcon(ChevronDown);
export const CheckIcon = /* @__PURE__ */ appIcon(Check);
export const CloseIcon = /* @__PURE__ */ appIcon(X);
export const FilterIcon = /* @__PURE__ */ appIcon(ListFilter);
export const SystemThemeIcon = /* @__PURE__ */ appIcon(Monitor);
export const LightThemeIcon = /* @__PURE__ */ appIcon(Sun);
export const DarkThemeIcon = /* @__PURE__ */ appIcon(Moon);

const BookmarkGlyph = /* @__PURE__ */ appIcon(Bookmark);

/** The bookmark outline, filled once the article is bookmarked. */
export function BookmarkIcon({ filled = false }: { filled?: boolean }) {
  return <BookmarkGlyph fill={filled ? 'currentColor' : 'none'} />;
}

const ThumbsUpGlyph = /* @__PURE__ */ appIcon(ThumbsUp);
const ThumbsDownGlyph = /* @__PURE__ */ appIcon(ThumbsDown);

/** More like this in the reader's feed: filled while the reader asked for it. */
export function MoreOfThisIcon({ filled = false }: { filled?: boolean }) {
  return <ThumbsUpGlyph fill={filled ? 'currentColor' : 'none'} />;
}

/** Less like this in the reader's feed: filled while the reader asked for it. */
export function LessOfThisIcon({ filled = false }: { filled?: boolean }) {
  return <ThumbsDownGlyph fill={filled ? 'currentColor' : 'none'} />;
}
