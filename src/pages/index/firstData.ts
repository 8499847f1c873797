import { NEWS_CATEGORY } from '../../../domain/content/types';
import { apiQuery } from '../../api/queries';
import { queryClient } from '../../api/queryClient';

/** The home page's banners and news list: the page reads them, and a first visit starts them early. */
export const bannerQuery = apiQuery('/news/list', { c_id: String(NEWS_CATEGORY.banner), limit: '5' });
export const newsQuery = apiQuery('/news/list', { c_id: String(NEWS_CATEGORY.news), limit: '5' });

/**
 * Starts the home page's first reads beside its chunk rather than after it, and the first
 * banner's image as soon as its address is known: the banner is the page's largest paint, and
 * waiting for the chunk, then the list, then the image cost a cold phone load seconds (bench/ B10).
 */
export function prefetchHome(): void {
  void queryClient.prefetchQuery(newsQuery);
  void queryClient.prefetchQuery(bannerQuery).then(() => {
    const first = queryClient.getQueryData(bannerQuery.queryKey)?.data[0];
    if (first?.image) new Image().src = first.image;
  });
}
