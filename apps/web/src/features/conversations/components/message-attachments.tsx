import type { Attachment } from '@app/shared/messages';
import { t } from '../../../lib/i18n/i18n.ts';
import { fileSize } from '../utils/format.ts';
import type { ViewMessage } from '../utils/messages-cache.ts';
import { Icon } from './icon.tsx';

type LocalFile = NonNullable<ViewMessage['localFiles']>[number];

function FileLink({ href, name, size }: { href: string | null; name: string; size: string }) {
  const body = (
    <>
      <span className="cw-file__icon">
        <Icon name="file" size={18} />
      </span>
      <span className="cw-file__text">
        <span className="cw-file__name">{name}</span>
        {size ? <span className="cw-file__size">{size}</span> : null}
      </span>
    </>
  );
  return href ? (
    <a className="cw-file" href={href} target="_blank" rel="noreferrer noopener" download aria-label={t('CONVERSATION.DOWNLOAD', { name })}>
      {body}
    </a>
  ) : (
    <span className="cw-file">{body}</span>
  );
}

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const name = attachment.file_name ?? attachment.fallback_title ?? t('CONVERSATION.ATTACHMENT');
  const url = attachment.data_url;
  switch (attachment.file_type) {
    case 'image':
      return url ? (
        <a className="cw-image" href={url} target="_blank" rel="noreferrer noopener">
          <img src={attachment.thumb_url || url} alt={name} loading="lazy" />
        </a>
      ) : null;
    case 'audio':
      return url ? <audio className="cw-audio" controls preload="none" src={url} aria-label={name} /> : null;
    case 'video':
      return url ? <video className="cw-video" controls preload="metadata" src={url} aria-label={name} /> : null;
    case 'location':
      return (
        <FileLink
          href={attachment.coordinates_lat ? `https://www.openstreetmap.org/?mlat=${attachment.coordinates_lat}&mlon=${attachment.coordinates_long}` : url}
          name={attachment.fallback_title ?? t('CONVERSATION.LOCATION')}
          size=""
        />
      );
    default:
      return <FileLink href={url} name={name} size={fileSize(attachment.file_size)} />;
  }
}

/** Images as previews that open full size, audio and video as players, anything else as a file link. */
export function MessageAttachments({ attachments, localFiles }: { attachments: Attachment[]; localFiles: LocalFile[] | undefined }) {
  if (attachments.length === 0 && !localFiles?.length) return null;
  return (
    <div className="cw-attachments">
      {attachments.map((attachment) => (
        <AttachmentView key={attachment.id} attachment={attachment} />
      ))}
      {attachments.length === 0
        ? localFiles?.map((file) =>
            file.type.startsWith('image/') ? (
              <span key={file.url} className="cw-image">
                <img src={file.url} alt={file.name} />
              </span>
            ) : (
              <FileLink key={file.url} href={null} name={file.name} size={fileSize(file.size)} />
            ),
          )
        : null}
    </div>
  );
}
