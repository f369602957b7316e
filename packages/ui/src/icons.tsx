import { chakra } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

type IconProps = ComponentProps<typeof chakra.svg>;

/** Small stroke icons drawn inline: no icon font, no icon package in the bundle. */
function icon(paths: string[], displayName: string) {
  const Icon = (props: IconProps) => (
    <chakra.svg
      viewBox="0 0 24 24"
      width="1.25em"
      height="1.25em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </chakra.svg>
  );
  Icon.displayName = displayName;
  return Icon;
}

export const HomeIcon = icon(['M3 10.5 12 3l9 7.5', 'M5 9.5V21h14V9.5'], 'HomeIcon');
export const RequestsIcon = icon(['M7 3h8l4 4v14H7z', 'M15 3v4h4', 'M10 12h6', 'M10 16h6'], 'RequestsIcon');
export const RetirementsIcon = icon(['M4 6h16v12H4z', 'M4 10h16', 'M8 15h3'], 'RetirementsIcon');
export const UsersIcon = icon(
  [
    'M16 20v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1',
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8',
    'M22 20v-1a4 4 0 0 0-3-3.9',
    'M16 3.1a4 4 0 0 1 0 7.8',
  ],
  'UsersIcon',
);
export const BudgetIcon = icon(['M12 2v20', 'M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6'], 'BudgetIcon');
export const SettingsIcon = icon(
  [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6',
    'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ],
  'SettingsIcon',
);
export const PlusIcon = icon(['M12 5v14', 'M5 12h14'], 'PlusIcon');
export const LockIcon = icon(['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'], 'LockIcon');
export const ChevronDownIcon = icon(['m6 9 6 6 6-6'], 'ChevronDownIcon');
export const CloseIcon = icon(['M18 6 6 18', 'm6 6 12 12'], 'CloseIcon');
export const LogOutIcon = icon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9'], 'LogOutIcon');
export const CheckIcon = icon(['M20 6 9 17l-5-5'], 'CheckIcon');
export const ClockIcon = icon(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18', 'M12 7v5l3 2'], 'ClockIcon');
export const ReturnIcon = icon(['M9 14 4 9l5-5', 'M4 9h11a5 5 0 0 1 0 10h-3'], 'ReturnIcon');
