/*
 * Invented businesses for offline search; clearly demo data (docs/decisions.md D4).
 */
import { DEMO_PLACE_ID_PREFIX, type Place, type PlaceRating, type PlacesProvider } from '#services/places/places_provider'
import { todayIst } from '#lib/time'

/** name, state, other names ("/"-separated, lowercase), local surnames, "Locality PIN" list. */
const CITIES = [
  [
    'Mumbai',
    'Maharashtra',
    'bombay',
    'Desai Shetty Naik Sawant Kamath Mehta',
    'Andheri West 400053, Bandra West 400050, Powai 400076, Dadar West 400028, Malad West 400064, Chembur 400071',
  ],
  [
    'Delhi',
    'Delhi',
    'new delhi',
    'Sharma Kapoor Malhotra Arora Sethi Khanna',
    'Connaught Place 110001, Lajpat Nagar 110024, Karol Bagh 110005, Hauz Khas 110016, Rajouri Garden 110027, Dwarka Sector 10 110075',
  ],
  [
    'Bengaluru',
    'Karnataka',
    'bangalore',
    'Rao Gowda Hegde Murthy Shenoy Bhat',
    'Koramangala 560034, Indiranagar 560038, Jayanagar 560041, Whitefield 560066, HSR Layout 560102, Malleshwaram 560003',
  ],
  [
    'Hyderabad',
    'Telangana',
    '',
    'Reddy Naidu Rao Ali Varma Chowdary',
    'Banjara Hills 500034, Jubilee Hills 500033, Gachibowli 500032, Kukatpally 500072, Ameerpet 500016, Madhapur 500081',
  ],
  [
    'Chennai',
    'Tamil Nadu',
    'madras',
    'Iyer Krishnan Subramanian Pillai Natarajan Venkatesh',
    'T. Nagar 600017, Adyar 600020, Anna Nagar 600040, Velachery 600042, Mylapore 600004, Nungambakkam 600034',
  ],
  [
    'Pune',
    'Maharashtra',
    'poona',
    'Kulkarni Joshi Deshpande Patil Gokhale Jadhav',
    'Koregaon Park 411001, Kothrud 411038, Baner 411045, Viman Nagar 411014, Aundh 411007, Hadapsar 411028',
  ],
  [
    'Kolkata',
    'West Bengal',
    'calcutta',
    'Bose Banerjee Chatterjee Das Sen Ghosh',
    'Salt Lake 700091, Ballygunge 700019, Park Street 700016, Gariahat 700029, New Town 700156, Behala 700034',
  ],
  [
    'Jaipur',
    'Rajasthan',
    '',
    'Agarwal Rathore Shekhawat Jain Khandelwal Sharma',
    'C-Scheme 302001, Malviya Nagar 302017, Vaishali Nagar 302021, Mansarovar 302020, Raja Park 302004',
  ],
  [
    'Ahmedabad',
    'Gujarat',
    'amdavad',
    'Patel Shah Parikh Trivedi Thakkar Desai',
    'Navrangpura 380009, Satellite 380015, Bodakdev 380054, Maninagar 380008, Vastrapur 380015, Prahlad Nagar 380015',
  ],
  [
    'Lucknow',
    'Uttar Pradesh',
    '',
    'Srivastava Khan Mishra Tripathi Rastogi Siddiqui',
    'Hazratganj 226001, Gomti Nagar 226010, Aliganj 226024, Indira Nagar 226016, Aminabad 226018',
  ],
].map(([name, state, aliases, surnames, localities]) => ({
  name,
  state,
  aliases: aliases ? aliases.split('/') : [],
  surnames: surnames.split(' '),
  localities: localities.split(', ').map((entry) => ({ locality: entry.slice(0, -7), pin: entry.slice(-6) })),
}))

/** "templates = descriptors"; in a template {s} is a local surname, {d} a descriptor, {l} the locality. */
const KINDS = [
  '{d} Restaurant, {d} Kitchen, {s} Family Restaurant = Spice Route, Saffron, Tandoor Nights, Coastal Curry, Royal Thali, Masala Magic',
  '{d} Biryani House, {d} Dhaba, {d} Darbar = Nawabi, Shahi, Zaikedaar, Dawat, Punjabi Tadka',
  '{d} Cafe, {d} Coffee House, Cafe {d} = Green Leaf, Bean Street, Filter Kaapi, Monsoon, Cuppa Corner, Tea Trails',
  '{d} Salon, {d} Unisex Salon, {s} Hair Studio, {d} Beauty Parlour = Glamour, Looks, Mirror Mirror, Velvet, Shear Magic, Blush',
  "{s} Clinic, Dr. {s}'s Clinic, {l} Health Clinic, {d} Polyclinic = Sanjeevani, Lifeline, CarePlus, Arogya, Wellness",
  "{d} Dental Clinic, Dr. {s}'s Dental Care, {l} Dental Studio = Smile Care, Pearl, Bright Smile, Happy Teeth, 32 Smiles",
  '{d} Gym, {d} Fitness, {d} Fitness Studio = Iron Temple, Muscle Factory, FitZone, Power House, Flex, Core Strength',
  '{d} Bakery, {s} Bakers, {d} Bake House, {l} Bakery = Golden Crust, Oven Fresh, Sweet Crumbs, Daily Bread, Cake Walk, Butter Bliss',
  '{s} Sweets, {s} Mithai Bhandar, {d} Sweets, {s} Sweet House = Shree Krishna, Annapurna, Mithaas, Rasraj, Kesar',
  '{d} Opticians, {s} Optical, {d} Eye Care = Bright Eyes, Clear Vision, Spectra, Eye Q, Focus, Lens Craft',
  '{d} Boutique, {d} Designer Studio, {s} Saree Centre = Aanchal, Zari, Rangrez, Threads, Kalamkari, Silk Route',
  '{d} Pet Clinic, {d} Pet Care, {d} Pet Grooming = Paws & Claws, Happy Tails, Furry Friends, Wag Wag, Pet Nest',
  '{d} Car Care, {s} Motors, {d} Auto Service, {l} Car Wash = Speedways, Pit Stop, AutoFix, Wheels, Shine',
  '{d} Classes, {d} Academy, {s} Tutorials, {d} Coaching Centre = Vidya, Gyan Ganga, Excel, Pinnacle, Bright Future, Prerna',
  'Hotel {d}, {d} Residency, {d} Inn, {d} Grand = Sagar, Royal Palm, Comfort, Shalimar, Lotus, Blue Moon',
  '{d} Medicals, {s} Medical Store, {d} Pharmacy, {l} Chemists = Apna, Jeevan, Shree Sai, Health First, Wellcare',
  '{d} Florists, {d} Flower Shop = Petals, Rose Garden, Bloom, Gulmohar, Lily',
  '{d} Yoga Studio, {d} Yoga Centre = Prana, Shanti, Surya, Sattva, Anand',
  '{d} Book Store, {s} Book Depot, {d} Books = Readers Corner, Page Turner, Book Nook, Akshara',
  '{s} Tailors, {d} Tailors, {d} Stitching Centre = Perfect Fit, Classic, Stitch Craft, Modern',
  '{d} Mobile Repair, {d} Electronics, {s} Electronics = Quick Fix, Digital World, Gadget Hub, Techno Point',
  '{d} Laundry, {d} Dry Cleaners = Fresh Press, Sparkle, Spotless, White Wash',
  '{d} Physiotherapy Centre, {d} Physio Clinic = Active Life, Rehab Plus, Move Well, Spine Care',
].map((row) => {
  const [templates, descriptors] = row.split(' = ').map((list) => list.split(', '))
  return { templates, descriptors }
})

const STREETS = [
  '{n} Cross Road',
  '{n} Main Road',
  'Main Road',
  'Station Road',
  'Market Road',
  'Temple Street',
  'Link Road',
  'Gandhi Road',
  'Nehru Marg',
  'Service Road',
  'Ring Road',
  'Hill Road',
  'College Road',
  'Lake View Road',
]
const CATALOGUE_SIZE = 360

/**
 * The search forms' placeholder examples ("e.g. Sharma Sweets", "e.g. Sharma Sweets, Koramangala") must find
 * something (docs/decisions.md D39): three branches of one name, told apart only by their addresses.
 */
const EXAMPLES: Place[] = [
  ['karol-bagh-delhi', '14/2, Ajmal Khan Road, Karol Bagh, Delhi, Delhi 110005, India', 4.4, 1862],
  ['lajpat-nagar-delhi', 'Shop No. 31, Central Market, Lajpat Nagar, Delhi, Delhi 110024, India', 4.2, 947],
  ['koramangala-bengaluru', '58, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034, India', 4.3, 415],
].map(([where, address, rating, reviewCount]) => ({
  place_id: `${DEMO_PLACE_ID_PREFIX}sharma-sweets-${where}`,
  name: 'Sharma Sweets',
  address: address as string,
  rating: rating as number,
  reviewCount: reviewCount as number,
}))
const SEED = 20240601

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

function generate(): Place[] {
  const random = mulberry32(SEED)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
  const places: Place[] = []
  const ids = new Set<string>()
  // KINDS and CITIES have coprime lengths (23, 10), so stepping both by i spreads every kind over every city.
  for (let i = 0; places.length < CATALOGUE_SIZE && i < CATALOGUE_SIZE * 10; i++) {
    const kind = KINDS[i % KINDS.length]
    const city = CITIES[i % CITIES.length]
    const { locality, pin } = pick(city.localities)
    const name = pick(kind.templates).replace('{s}', pick(city.surnames)).replace('{d}', pick(kind.descriptors)).replace('{l}', locality)
    const street = pick(STREETS).replace('{n}', ordinal(1 + Math.floor(random() * 12)))
    const door = 1 + Math.floor(random() * 240)
    const number = random() < 0.25 ? `Shop No. ${door}` : random() < 0.3 ? `${door}/${2 + Math.floor(random() * 8)}` : `${door}`
    const rating = (35 + Math.floor(random() * 15)) / 10
    const reviewCount = 5 + Math.floor(2495 * random() ** 3)
    const id = `${DEMO_PLACE_ID_PREFIX}${slug(`${name} ${city.name}`)}`
    if (ids.has(id)) continue
    ids.add(id)
    places.push({
      place_id: id,
      name,
      address: `${number}, ${street}, ${locality}, ${city.name}, ${city.state} ${pin}, India`,
      rating,
      reviewCount,
    })
  }
  // After the generated ones, so their positions (which tests pick by index) stay put.
  for (const place of EXAMPLES) places.push({ ...place })
  return places
}

interface Entry {
  place: Place
  city: string
  nameLower: string
  nameNorm: string
  nameWords: string[]
  addressWords: string[]
}

let index: { entries: Entry[]; byId: Map<string, Entry> } | null = null

function getIndex() {
  if (!index) {
    const entries = generate().map((place): Entry => {
      const nameWords = words(place.name)
      return {
        place: Object.freeze(place),
        city: place.address.split(', ').at(-3)!.toLowerCase(),
        nameLower: place.name.toLowerCase(),
        nameNorm: nameWords.join(' '),
        nameWords,
        addressWords: words(place.address),
      }
    })
    index = { entries, byId: new Map(entries.map((entry) => [entry.place.place_id, entry])) }
  }
  return index
}

/** The catalogue city named in `location` ("pune", "Pune, IN", "Bangalore"), lowercased, or null. */
function resolveCity(location: string | null | undefined): string | null {
  for (const part of (location ?? '').toLowerCase().split(',')) {
    const wanted = part.trim()
    if (!wanted) continue
    const city = CITIES.find((c) => c.name.toLowerCase() === wanted || c.aliases.includes(wanted))
    if (city) return city.name.toLowerCase()
  }
  return null
}

const hasPrefix = (list: string[], token: string) => list.some((word) => word.startsWith(token))

/** Freshly generated each call, identical every time. */
export function demoCatalogue(): readonly Place[] {
  return generate()
}

/**
 * The demo listings' figures drift a little each day from this day on (docs/decisions.md D35), so the rating
 * history has something to show offline: search and details keep the catalogue's own figures.
 */
const DRIFT_EPOCH_MS = Date.UTC(2026, 10, 1)
const DAY_MS = 86_400_000

/** FNV-1a: a stable 32-bit hash of a place and a day, the same on every machine and every run. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** New reviews on day `n` after the epoch: none on about a third of days, else 1-3. */
const reviewsOnDay = (placeId: string, n: number) => {
  const h = hash(`${placeId}|reviews|${n}`)
  return h % 3 === 0 ? 0 : 1 + ((h >>> 8) % 3)
}

export default class DemoPlacesProvider implements PlacesProvider {
  readonly kind = 'demo'

  async search(query: string, location?: string | null, limit = 10): Promise<Place[]> {
    const wholeQuery = query.trim().toLowerCase()
    const queryWords = words(wholeQuery)
    const tokens = queryWords.filter((token) => token.length >= 2)
    const max = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 10
    if (tokens.length === 0 || max === 0) return []

    const city = resolveCity(location)
    const queryNorm = queryWords.join(' ')
    const hits: { entry: Entry; rank: number }[] = []
    for (const entry of getIndex().entries) {
      const inName = entry.nameLower.includes(wholeQuery)
      const allInName = tokens.every((token) => hasPrefix(entry.nameWords, token))
      if (!inName && !allInName) {
        const inAddress = (token: string) => hasPrefix(entry.nameWords, token) || hasPrefix(entry.addressWords, token)
        if (!tokens.every(inAddress)) continue
      }
      const namePrefix = entry.nameLower.startsWith(wholeQuery) || entry.nameNorm.startsWith(queryNorm)
      const tier = namePrefix ? 0 : inName || allInName ? 1 : 2
      hits.push({ entry, rank: (city !== null && entry.city !== city ? 3 : 0) + tier })
    }
    hits.sort(
      (a, b) =>
        a.rank - b.rank ||
        b.entry.place.reviewCount - a.entry.place.reviewCount ||
        a.entry.place.name.localeCompare(b.entry.place.name, 'en')
    )
    return hits.slice(0, max).map(({ entry }) => ({ ...entry.place }))
  }

  async details(placeId: string): Promise<Place | null> {
    if (!placeId.startsWith(DEMO_PLACE_ID_PREFIX)) return null
    const entry = getIndex().byId.get(placeId)
    return entry ? { ...entry.place } : null
  }

  async ratingOf(placeId: string): Promise<PlaceRating | null> {
    return this.ratingOn(placeId, todayIst())
  }

  /**
   * The listing's figures on an IST day ('YYYY-MM-DD'), the same for the same day every time: the review count
   * grows by 0-3 a day since the epoch and never falls; the rating is the catalogue's, 0.1 up or down on some
   * days, within 1-5.
   */
  ratingOn(placeId: string, day: string): PlaceRating | null {
    if (!placeId.startsWith(DEMO_PLACE_ID_PREFIX)) return null
    const entry = getIndex().byId.get(placeId)
    if (!entry) return null
    const days = Math.max(0, Math.floor((Date.parse(`${day}T00:00:00Z`) - DRIFT_EPOCH_MS) / DAY_MS))
    let reviewCount = entry.place.reviewCount
    for (let n = 1; n <= days; n++) reviewCount += reviewsOnDay(placeId, n)
    const base = entry.place.rating
    if (base === null) return { rating: null, reviewCount }
    const wobble = [-0.1, 0, 0, 0, 0.1][hash(`${placeId}|rating|${days}`) % 5]
    const rating = Math.min(5, Math.max(1, Math.round((base + wobble) * 10) / 10))
    return { rating, reviewCount }
  }
}
