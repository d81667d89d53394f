import type { StaticPage } from '../../server/page';
import { aboutPage } from './about';
import { affiliatesPage } from './affiliates';
import { careerPage } from './career';
import { contactPage } from './contact';
import { faqPage } from './faq';
import { membershipPage } from './membership';
import { pressPage } from './press';
import { privacyPolicyPage } from './privacy-policy';
import { qualityAssurancePage } from './quality-assurance';
import { returnsPage } from './returns';
import { shippingOptionsPage } from './shipping-options';
import { socialMediaPage } from './social-media';
import { termsOfServicePage } from './terms-of-service';
import { visionAndValuesPage } from './vision-and-values';

/**
 * The content pages: one file each, exporting a StaticPage. Added here so the router and
 * the sitemap see them.
 */
export const contentPages: StaticPage[] = [
  aboutPage,
  membershipPage,
  faqPage,
  contactPage,
  careerPage,
  pressPage,
  affiliatesPage,
  shippingOptionsPage,
  returnsPage,
  qualityAssurancePage,
  termsOfServicePage,
  privacyPolicyPage,
  socialMediaPage,
  visionAndValuesPage,
];
