import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { aboutPage } from './about';
import { careerPage } from './career';
import { contactPage } from './contact';
import { faqPage } from './faq';
import { pressPage } from './press';
import { privacyPolicyPage } from './privacy-policy';
import { qualityAssurancePage } from './quality-assurance';
import { returnsPage } from './returns';
import { shippingOptionsPage } from './shipping-options';
import { showStaticPage } from './show-static-page';
import { socialMediaPage } from './social-media';
import { termsOfServicePage } from './terms-of-service';
import { visionAndValuesPage } from './vision-and-values';

/** The content pages: one file each, exporting a StaticPage, served at the path given here. */
export function registerContentRoutes(app: Hono<AppEnv>) {
  app.get('/about', showStaticPage(aboutPage));
  app.get('/faq', showStaticPage(faqPage));
  app.get('/contact', showStaticPage(contactPage));
  app.get('/career', showStaticPage(careerPage));
  app.get('/press', showStaticPage(pressPage));
  app.get('/shipping-options', showStaticPage(shippingOptionsPage));
  app.get('/returns', showStaticPage(returnsPage));
  app.get('/quality-assurance', showStaticPage(qualityAssurancePage));
  app.get('/terms-of-service', showStaticPage(termsOfServicePage));
  app.get('/privacy-policy', showStaticPage(privacyPolicyPage));
  app.get('/social-media', showStaticPage(socialMediaPage));
  app.get('/vision-and-values', showStaticPage(visionAndValuesPage));
}
