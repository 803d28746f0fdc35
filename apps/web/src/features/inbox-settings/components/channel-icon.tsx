import type { ChannelType } from '@app/shared/constants';
import { StrokeIcon } from '../../../components/stroke-icon.tsx';
import { CHANNEL_ICON_PATHS } from '../utils/channel.ts';
import './channel-icon.css';

/** The channel's line icon in a tinted tile; decorative (the channel name is written beside it). */
export function ChannelIcon({ type, size = 18 }: { type: ChannelType; size?: number }) {
  return (
    <span className="inbox-channel-icon" data-channel={type}>
      <StrokeIcon d={CHANNEL_ICON_PATHS[type]} size={size} className="inbox-channel-icon__svg" strokeWidth={1.75} />
    </span>
  );
}
