import type { Random } from '../../lib/seeded-random.js';
import type { Channel } from './team.js';

/** What the demo's customers ask for, who they are, and how their leads are titled. */

const PRODUCTS = [
  'Microcontroller batch',
  'Power supply components',
  'Connector kit',
  'Relay order',
  'Prototype BOM',
  'Cable assemblies',
  'Capacitor stock-up',
  'Resistor reels',
  'Sensor modules',
  'Display modules',
  'Motor driver boards',
  'Sample kit',
  'LED drivers',
  'Fuses and protection',
] as const;

const COMPANIES = [
  'Elektron-Service',
  'Volga Robotics',
  'NPP Impuls',
  'Tekhnosvyaz',
  'Ural Instruments',
  'Baltic Devices',
  'Sibtronika',
  'Kama Automation',
  'Neva Lab',
  'Don Electro',
  'Arktika Systems',
  'Polyus Engineering',
  'Vektor Plant',
  'Ladoga Tech',
  'Orion Telecom',
  'Kaskad',
  'Radian Metering',
  'Meridian Electronics',
] as const;

const MALE_NAMES = [
  'Alexey',
  'Andrey',
  'Anton',
  'Boris',
  'Denis',
  'Evgeny',
  'Gleb',
  'Igor',
  'Ilya',
  'Kirill',
  'Konstantin',
  'Mikhail',
  'Nikolai',
  'Oleg',
  'Roman',
  'Timur',
  'Vadim',
  'Viktor',
  'Vladimir',
  'Yuri',
] as const;

const FEMALE_NAMES = [
  'Alina',
  'Anastasia',
  'Daria',
  'Elena',
  'Galina',
  'Inna',
  'Kristina',
  'Larisa',
  'Marina',
  'Margarita',
  'Nadezhda',
  'Oksana',
  'Polina',
  'Sofia',
  'Svetlana',
  'Tatiana',
  'Valentina',
  'Veronika',
  'Yana',
] as const;

/** Surnames in their masculine form; every one takes "-a" in the feminine. */
const SURNAMES = [
  'Antonov',
  'Baranov',
  'Belov',
  'Bogdanov',
  'Egorov',
  'Filippov',
  'Frolov',
  'Grigoriev',
  'Gusev',
  'Kiselev',
  'Komarov',
  'Makarov',
  'Medvedev',
  'Nikitin',
  'Osipov',
  'Romanov',
  'Sorokin',
  'Stepanov',
  'Tarasov',
  'Vasiliev',
  'Yakovlev',
  'Zaitsev',
  'Zhukov',
] as const;

export function personName(random: Random): string {
  return random.chance(0.5)
    ? `${random.pick(FEMALE_NAMES)} ${random.pick(SURNAMES)}a`
    : `${random.pick(MALE_NAMES)} ${random.pick(SURNAMES)}`;
}

/** Empty now and then: amoCRM allows a lead without a title, and the screens show "Untitled lead". */
export function leadTitle(random: Random, channel: Channel): string {
  if (random.chance(0.04)) return '';
  if (random.chance(channel.websiteOrders)) return `Website order #${random.int(10_000, 99_999)}`;
  return `${random.pick(PRODUCTS)} for ${random.pick(COMPANIES)}`;
}
