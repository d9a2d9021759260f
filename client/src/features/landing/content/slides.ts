/** The /landing carousel's slides: what the store supplies. */
export interface Slide {
  title: string;
  text: string;
  /** What the slide is about: its icon, and its background (`slideBackgrounds` in the theme). */
  icon: 'generator' | 'compressor' | 'welder' | 'pump';
}

export const SLIDES: readonly Slide[] = [
  {
    title: 'Generators',
    text: 'Diesel and petrol generators from 5 to 500 kVA, for building sites, farms and standby power.',
    icon: 'generator',
  },
  {
    title: 'Compressors',
    text: 'Rotary screw and piston air compressors, with the dryers, tanks and hoses to match.',
    icon: 'compressor',
  },
  {
    title: 'Welding',
    text: 'MIG, TIG and stick welders, plasma cutters and the safety gear that goes with them.',
    icon: 'welder',
  },
  {
    title: 'Pumps',
    text: 'Submersible, trash and transfer pumps for water, slurry and fuel, sized for your job.',
    icon: 'pump',
  },
];
