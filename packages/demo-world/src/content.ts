import type { Random } from './random.js';

/**
 * The words of the demo world: realistic customer-service English (the search uses the `english`
 * configuration), filled from small banks so that millions of messages cost no faker calls.
 */

export interface CountryProfile {
  readonly code: string;
  /** faker locale module name */
  readonly fakerLocale: 'de' | 'de_AT' | 'de_CH' | 'en_GB' | 'en_US' | 'nl' | 'fr' | 'es';
  readonly locale: string;
  readonly language: string;
  readonly region: string;
  readonly lat: number;
  readonly lon: number;
}

export const COUNTRIES: readonly CountryProfile[] = [
  {
    code: 'DE',
    fakerLocale: 'de',
    locale: 'de_DE',
    language: 'German',
    region: 'Germany',
    lat: 51.16,
    lon: 10.45,
  },
  {
    code: 'GB',
    fakerLocale: 'en_GB',
    locale: 'en_GB',
    language: 'English',
    region: 'United Kingdom',
    lat: 53.5,
    lon: -1.9,
  },
  {
    code: 'NL',
    fakerLocale: 'nl',
    locale: 'nl_NL',
    language: 'Dutch',
    region: 'Netherlands',
    lat: 52.13,
    lon: 5.29,
  },
  {
    code: 'US',
    fakerLocale: 'en_US',
    locale: 'en_US',
    language: 'English',
    region: 'United States',
    lat: 39.8,
    lon: -98.6,
  },
  {
    code: 'FR',
    fakerLocale: 'fr',
    locale: 'fr_FR',
    language: 'French',
    region: 'France',
    lat: 46.6,
    lon: 2.2,
  },
  {
    code: 'ES',
    fakerLocale: 'es',
    locale: 'es_ES',
    language: 'Spanish',
    region: 'Spain',
    lat: 40.4,
    lon: -3.7,
  },
  {
    code: 'AT',
    fakerLocale: 'de_AT',
    locale: 'de_AT',
    language: 'German',
    region: 'Austria',
    lat: 47.5,
    lon: 14.5,
  },
  {
    code: 'CH',
    fakerLocale: 'de_CH',
    locale: 'de_CH',
    language: 'German',
    region: 'Switzerland',
    lat: 46.8,
    lon: 8.2,
  },
];

export const WIDGET_NAMES = [
  'Website chat',
  'Help center',
  'Checkout assistant',
  'Careers page',
  'Partner portal',
];
export const OPERATOR_GROUP_NAMES = ['Customer Support', 'Sales', 'Billing', 'Technical Support'];
export const TOPIC_TEXTS = [
  'Order status',
  'Shipping',
  'Returns',
  'Billing',
  'Product question',
  'Account',
  'Technical issue',
  'Pricing',
  'Complaint',
  'Feedback',
];
export const GOAL_NAMES = ['Newsletter signup', 'Purchase completed', 'Demo booked', 'Lead form submitted'];
export const PRE_SURVEY_OPTIONS = [
  'Order & delivery',
  'Returns',
  'Billing',
  'Product advice',
  'Something else',
];
export const POST_SURVEY_OPTIONS = ['Very satisfied', 'Satisfied', 'Neutral', 'Dissatisfied'];
export const BOT_NAMES = ['Ava', 'Milo', 'Nova', 'Sunny'];
export const CHANNEL_TYPES = { webchat: 80, whatsapp: 12, facebook: 8 } as const;

export const BROWSERS = [
  { name: 'Chrome', os: 'Windows 11', versions: ['124.0.6367.91', '125.0.6422.142', '126.0.6478.61'] },
  { name: 'Chrome', os: 'macOS 14.5', versions: ['125.0.6422.112', '126.0.6478.57'] },
  { name: 'Chrome Mobile', os: 'Android 14', versions: ['125.0.6422.165', '126.0.6478.71'] },
  { name: 'Firefox', os: 'Windows 10', versions: ['126.0', '127.0'] },
  { name: 'Safari', os: 'macOS 14.5', versions: ['17.5'] },
  { name: 'Mobile Safari', os: 'iOS 17.5', versions: ['17.5'] },
  { name: 'Edge', os: 'Windows 11', versions: ['125.0.2535.85', '126.0.2592.56'] },
  { name: 'Samsung Internet', os: 'Android 14', versions: ['25.0.1.2'] },
] as const;

export const REFERRERS = [
  'https://www.google.com/',
  'https://www.bing.com/',
  'https://duckduckgo.com/',
  'https://www.facebook.com/',
  'https://t.co/',
  'https://www.linkedin.com/',
];

const PRODUCTS = [
  'wireless headphones',
  'standing desk',
  'espresso machine',
  'running shoes',
  'smart thermostat',
  'travel backpack',
  'yoga mat',
  'monitor arm',
  'coffee grinder',
  'winter jacket',
  'robot vacuum',
  'office chair',
  'electric kettle',
  'bike helmet',
];
const PLANS = ['Starter', 'Team', 'Business', 'Premium'];

export const PAGES: readonly (readonly [path: string, title: string])[] = [
  ['/', 'Home'],
  ['/products/{productSlug}', '{Product} | Shop'],
  ['/products/{productSlug}/reviews', 'Reviews: {Product}'],
  ['/cart', 'Your basket'],
  ['/checkout', 'Checkout'],
  ['/help/shipping', 'Shipping & delivery'],
  ['/help/returns', 'Returns & refunds'],
  ['/account/orders', 'My orders'],
  ['/pricing', 'Pricing'],
  ['/contact', 'Contact us'],
  ['/blog/how-to-choose-a-{productSlug}', 'How to choose a {product}'],
];

const CONTACT_OPENERS = [
  "Hi, I ordered the {product} last week and it still hasn't arrived. Order number {order}.",
  'Hello! Can you tell me when order {order} will be delivered?',
  "My tracking link for order {order} hasn't updated in three days.",
  "I'd like to return the {product} I bought, it's not what I expected.",
  'How do I send an item back? The {product} arrived damaged.',
  'I was charged twice for order {order}, can you check?',
  'Can I get an invoice with my company address on it?',
  'Why did my subscription renew at {amount}? I thought I cancelled it.',
  'Does the {product} come with a warranty?',
  'Is the {product} available in black?',
  "What's the difference between the basic and the premium {product}?",
  "I can't log in to my account, the reset email never arrives.",
  'How do I change the email address on my account?',
  'The app keeps crashing when I open the checkout page.',
  'My card is declined at checkout although it works everywhere else.',
  'Do you offer discounts for teams of ten or more?',
  'Is there a student discount on the {plan} plan?',
  'Do you deliver to {city}? And how long does shipping take?',
];
const CONTACT_FOLLOW_UPS = [
  'Thanks, that helps.',
  'Okay, and how long will that take?',
  "Sure, it's {order}.",
  "I'm at home all day tomorrow, so that works.",
  'Could you send me that by email as well?',
  'Hmm, I already tried that and it did not work.',
  'Yes please.',
  'Perfect, thank you!',
  'One more question: do you ship to {city}?',
  'The address is correct, yes.',
  'Can I change the delivery date?',
  'I used the same email address as always.',
  'Will I get a confirmation?',
  'That sounds good.',
];
const CONTACT_CLOSINGS = [
  'Great, thank you so much!',
  'Thanks for the quick help, have a nice day.',
  "Alright, I'll wait for the email. Bye!",
  'Thank you, that solved it.',
];
const OPERATOR_GREETINGS = [
  'Hi{contactName}, thanks for reaching out! My name is {operator}, let me have a look.',
  "Hello and welcome! I'm {operator}, happy to help.",
  'Good day{contactName}! {operator} here from the support team.',
  'Hi{contactName}, {operator} here. Give me a moment to check that for you.',
];
const OPERATOR_ANSWERS = [
  'I checked order {order}: it left our warehouse yesterday and should arrive within two business days.',
  "I've issued a refund of {amount}; you'll see it on your statement in three to five days.",
  'You can start a return in your account under Orders > Return item. The return label is free.',
  'The {product} comes with a two-year warranty, and you can extend it to five years.',
  "I've sent you a new password reset link; please check your spam folder too.",
  "I've forwarded this to our billing team, they will get back to you by email today.",
  'Yes, we ship to {city}; delivery usually takes three to four business days.',
  'Could you give me your order number, please?',
  "I'm sorry for the inconvenience, that should not have happened.",
  'The premium version has a longer battery life and comes with a carrying case.',
  'Teams of ten or more get 15% off the {plan} plan; I can send you a quote.',
  'I can see the double charge; the second payment was only reserved and will be released automatically.',
  'I have updated the delivery address on order {order} for you.',
  'The {product} is back in stock next week; shall I reserve one for you?',
];
const OPERATOR_CLOSINGS = [
  'Is there anything else I can help you with?',
  'Have a great day!',
  'Thanks for your patience, bye for now!',
  "You're welcome! Feel free to write again anytime.",
];
const OFFLINE_APOLOGIES = [
  "Sorry we missed you, we're back now. ",
  'Thanks for your message and sorry for the wait. ',
  'Good morning! Picking up your question from last night. ',
];
const RE_ENGAGE_OPENERS = [
  'Hi{contactName}, following up on your order {order}: did everything arrive as expected?',
  'Hello! You left a {product} in your basket. Can I help with any questions?',
  'Hi{contactName}, just checking in: were you able to reset your password?',
  'Hello again! Your replacement {product} has shipped, tracking number {order}.',
];
const BOT_GREETINGS = [
  "Hi! I'm {operator}, the virtual assistant. How can I help you today?",
  "Hello, I'm {operator}. Ask me about orders, returns or invoices.",
];
const BOT_ANSWERS = [
  'Here is an article that might help: Tracking your order.',
  'I can help with orders, returns and invoices. Please type your order number.',
  'Thanks! Order {order} is on its way and should arrive soon.',
  'You can download invoices in your account under Orders.',
  'Returns are free within 30 days. Shall I send you the return form?',
];
const BOT_CONTACT_MESSAGES = [
  'Where is my order?',
  "It's {order}.",
  'I need an invoice.',
  'Return an item',
  'Yes',
];
export const BOT_HANDOVER = [
  'Let me connect you with a colleague from our team.',
  'I will pass you on to a human colleague who can help with that.',
];
const CONTACT_ASKS_HUMAN = ['I want to talk to a human, please.', 'Can I speak to a real person?'];

const NOTE_TEXTS = [
  'Prefers to be contacted by email.',
  'VIP customer: handle returns without questions.',
  'Called about a double charge on order {order}; refund issued.',
  'Interested in the {plan} plan for the whole team.',
  'Had trouble with the mobile app; escalated to engineering.',
  'Asked for invoices to be sent to the accounting department.',
  'Gave very positive feedback about delivery speed.',
  'Follow up in two weeks about the {product} restock.',
  'Complained about packaging waste; forwarded to logistics.',
  'Wants to be informed about the next {product} sale.',
];
const SUBJECTS = [
  'Question about order {order}',
  'Return request',
  'Invoice needed',
  'Login problem',
  'Warranty question for the {product}',
];
const FEEDBACK = [
  'Very quick and friendly help, thanks!',
  'Took a while, but my problem is solved.',
  'The agent was great.',
  'I still have not received my refund.',
  'Easy and fast.',
];

/** Fills {placeholders}; the few named ones come from `names`, the rest are drawn. */
export function fill(
  template: string,
  rng: Random,
  names: { operator?: string; contactFirstName?: string | null; city?: string } = {},
): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    switch (key) {
      case 'product':
        return rng.pick(PRODUCTS);
      case 'Product': {
        const product = rng.pick(PRODUCTS);
        return product[0]!.toUpperCase() + product.slice(1);
      }
      case 'productSlug':
        return rng.pick(PRODUCTS).replaceAll(' ', '-');
      case 'order':
        return `A-${rng.int(100000, 999999)}`;
      case 'amount':
        return `€${rng.int(9, 399)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
      case 'plan':
        return rng.pick(PLANS);
      case 'city':
        return (
          names.city ?? rng.pick(['Berlin', 'London', 'Amsterdam', 'Vienna', 'Zurich', 'Madrid', 'Lyon'])
        );
      case 'operator':
        return names.operator ?? 'our team';
      case 'contactName':
        return names.contactFirstName ? ` ${names.contactFirstName}` : '';
      default:
        return key;
    }
  });
}

export const TEXTS = {
  contactOpener: CONTACT_OPENERS,
  contactFollowUp: CONTACT_FOLLOW_UPS,
  contactClosing: CONTACT_CLOSINGS,
  operatorGreeting: OPERATOR_GREETINGS,
  operatorAnswer: OPERATOR_ANSWERS,
  operatorClosing: OPERATOR_CLOSINGS,
  offlineApology: OFFLINE_APOLOGIES,
  reEngageOpener: RE_ENGAGE_OPENERS,
  botGreeting: BOT_GREETINGS,
  botAnswer: BOT_ANSWERS,
  botContactMessage: BOT_CONTACT_MESSAGES,
  contactAsksHuman: CONTACT_ASKS_HUMAN,
  note: NOTE_TEXTS,
  subject: SUBJECTS,
  feedback: FEEDBACK,
} as const;
