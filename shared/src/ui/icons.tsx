import {
  Bookmark,
  Check,
  ChevronDown,
  Copy,
  EllipsisVertical,
  ExternalLink,
  Folder,
  House,
  ListPlus,
  Menu,
  Newspaper,
  Search,
  Sparkles,
  SquareStack,
  X,
  type LucideIcon,
} from 'lucide-react';
import styled from 'styled-components';

/**
 * Lucide icons, 20 px with a 1.8 stroke unless told otherwise, drawn in the text colour. Each is
 * imported by name so only these are bundled. Lucide hides an icon from assistive technology
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

export const SparkleIcon = appIcon(Sparkles);
export const SimilarIcon = appIcon(SquareStack);
export const AddToCollectionIcon = appIcon(ListPlus);
export const MenuIcon = appIcon(Menu);
export const SearchIcon = appIcon(Search);
export const HomeIcon = appIcon(House);
export const SubscriptionsIcon = appIcon(Newspaper);
export const CollectionIcon = appIcon(Folder);
export const OpenInNewIcon = appIcon(ExternalLink);
export const CopyIcon = appIcon(Copy);
export const MoreIcon = appIcon(EllipsisVertical);
export const ChevronDownIcon = appIcon(ChevronDown);
export const CheckIcon = appIcon(Check);
export const CloseIcon = appIcon(X);

const BookmarkGlyph = appIcon(Bookmark);

/** The bookmark outline, filled once the article is bookmarked. */
export function BookmarkIcon({ filled = false }: { filled?: boolean }) {
  return <BookmarkGlyph fill={filled ? 'currentColor' : 'none'} />;
}
