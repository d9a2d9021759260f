/** The /landing carousel's slides: what the store supplies. */
export interface Slide {
  title: string;
  text: string;
  icon: 'generator' | 'compressor' | 'welder' | 'pump';
  /** The slide's background (dark enough for white text). */
  background: string;
}

export const SLIDES: readonly Slide[] = [
  {
    title: 'Generators',
    text: 'Diesel and petrol generators from 5 to 500 kVA, for building sites, farms and standby power.',
    icon: 'generator',
    background: 'linear-gradient(135deg, #1b2631 0%, #30506d 100%)',
  },
  {
    title: 'Compressors',
    text: 'Rotary screw and piston air compressors, with the dryers, tanks and hoses to match.',
    icon: 'compressor',
    background: 'linear-gradient(135deg, #0c3036 0%, #17646f 100%)',
  },
  {
    title: 'Welding',
    text: 'MIG, TIG and stick welders, plasma cutters and the safety gear that goes with them.',
    icon: 'welder',
    background: 'linear-gradient(135deg, #3a1c0d 0%, #7a3511 100%)',
  },
  {
    title: 'Pumps',
    text: 'Submersible, trash and transfer pumps for water, slurry and fuel, sized for your job.',
    icon: 'pump',
    background: 'linear-gradient(135deg, #10302a 0%, #1f5c47 100%)',
  },
];
