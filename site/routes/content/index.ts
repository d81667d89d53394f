import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { cachedForVisitors } from '../../../api/middleware/visitor-page-cache';
import { aboutPage } from './about';
import { accessibilityPage } from './accessibility';
import { careerPage } from './career';
import { showContact, submitContact } from './contact';
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
  // Fixed text: rendered once per process for visitors (docs/decisions/0025-visitor-page-cache.md).
  const cached = cachedForVisitors([]);
  app.get('/about', cached, showStaticPage(aboutPage));
  app.get('/faq', cached, showStaticPage(faqPage));
  // The Help Center: articles searched with ?q=, and the support request form (docs/decisions/0029-help-center-and-support-tickets.md).
  // A visitor's /contact without a query is the same for everyone; with ?q= it is rendered fresh.
  app.get('/contact', cached, showContact);
  app.post('/contact', submitContact);
  app.get('/career', cached, showStaticPage(careerPage));
  app.get('/press', cached, showStaticPage(pressPage));
  app.get('/shipping-options', cached, showStaticPage(shippingOptionsPage));
  app.get('/returns', cached, showStaticPage(returnsPage));
  app.get('/quality-assurance', cached, showStaticPage(qualityAssurancePage));
  app.get('/terms-of-service', cached, showStaticPage(termsOfServicePage));
  app.get('/privacy-policy', cached, showStaticPage(privacyPolicyPage));
  app.get('/accessibility', cached, showStaticPage(accessibilityPage));
  app.get('/social-media', cached, showStaticPage(socialMediaPage));
  app.get('/vision-and-values', cached, showStaticPage(visionAndValuesPage));
}
