import type { AdminBannerDto, BannerDto } from '@portal/shared';
import { assetUrl } from '../../http/assets.js';
import type { AdminBanner, Banner } from './service.js';

export const toBannerDto = (b: Banner, assetBaseUrl: string): BannerDto => ({
  Id: b.id,
  Type: b.type,
  Title: b.title,
  ImageUrl: assetUrl(assetBaseUrl, b.imageUrl),
  JumpUrl: b.jumpUrl,
  SortNumber: b.sortNumber,
  CreateTime: b.createdAt,
});

export const toAdminBannerDto = (b: AdminBanner, assetBaseUrl: string): AdminBannerDto => ({ ...toBannerDto(b, assetBaseUrl), Status: b.status });
