import { base, de, de_AT, de_CH, en, en_GB, en_US, es, Faker, fr, nl } from '@faker-js/faker';
import type { CountryProfile } from './content.js';

/**
 * One faker per country, each falling back to English then the base data. Faker is used for
 * names, streets, cities, companies and phone numbers only (seeded per record before each use);
 * never for dates, whose defaults read the clock.
 */
const LOCALES = {
  de: [de, en, base],
  de_AT: [de_AT, de, en, base],
  de_CH: [de_CH, de, en, base],
  en_GB: [en_GB, en, base],
  en_US: [en_US, en, base],
  nl: [nl, en, base],
  fr: [fr, en, base],
  es: [es, en, base],
} as const;

const cache = new Map<string, Faker>();

export function fakerFor(country: CountryProfile, seed: number): Faker {
  let faker = cache.get(country.fakerLocale);
  if (!faker) {
    faker = new Faker({ locale: [...LOCALES[country.fakerLocale]] });
    cache.set(country.fakerLocale, faker);
  }
  faker.seed(seed);
  return faker;
}

/** ASCII, lowercase, for e-mail local parts and domains. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
