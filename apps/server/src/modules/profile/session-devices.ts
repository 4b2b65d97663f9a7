/** A session's device as a person recognises it: the browser and the operating system, each null when unknown. */
export type SessionDevice = { browser: string | null; operatingSystem: string | null };

// Most specific first: Edge, Opera and Yandex Browser also call themselves Chrome and Safari, and Chrome calls
// itself Safari.
const BROWSERS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/(\d+)/ },
  { name: 'Yandex Browser', pattern: /\bYaBrowser\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', pattern: /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\// },
];

const OPERATING_SYSTEMS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Windows', pattern: /\bWindows\b/ },
  { name: 'iPadOS', pattern: /\biPad\b/ },
  { name: 'iOS', pattern: /\b(?:iPhone|iPod)\b/ },
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'ChromeOS', pattern: /\bCrOS\b/ },
  { name: 'macOS', pattern: /\bMac OS X\b|\bMacintosh\b/ },
  { name: 'Linux', pattern: /\bLinux\b/ },
];

/** Reads the browser (with its major version) and the operating system from a User-Agent header. */
export function sessionDevice(userAgent: string | null): SessionDevice {
  if (!userAgent) return { browser: null, operatingSystem: null };
  let browser: string | null = null;
  for (const candidate of BROWSERS) {
    const version = candidate.pattern.exec(userAgent)?.[1];
    if (version) {
      browser = `${candidate.name} ${version}`;
      break;
    }
  }
  const operatingSystem = OPERATING_SYSTEMS.find((candidate) => candidate.pattern.test(userAgent))?.name ?? null;
  return { browser, operatingSystem };
}
