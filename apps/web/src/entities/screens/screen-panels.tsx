import type { ScreenCheckIn, ScreenContent, ScreenProgrammeEvent } from '@tun/shared/screens';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/qr-code';
import { allergensInWords } from '../food/allergens';
import { useFormatters } from '../../lib/dates';
import { currentPostIndex, nowAndNext } from './screen-model';

/**
 * One panel: a region with a heading, so a screen reader finds its way. The clock's and the
 * check-in code's headings are there for it only: on the wall a clock needs no caption, and the
 * code's own caption says what it is for, leaving the code more room.
 */
function Panel({
  id,
  title,
  hideTitle = false,
  children,
}: {
  id: string;
  title: string;
  hideTitle?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="tun-screen-panel" data-panel={id} aria-labelledby={`tun-screen-${id}`}>
      <h2
        id={`tun-screen-${id}`}
        className={hideTitle ? 'tun-screen-visually-hidden' : 'tun-screen-panel-title'}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProgrammeEvent({
  event,
  showEnd,
  screenRoom,
}: {
  event: ScreenProgrammeEvent;
  showEnd: boolean;
  /** The room the screen is for: it says so in the heading, not on every line. */
  screenRoom: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const room = event.roomName === screenRoom ? null : event.roomName;
  const details = [room, event.lineNames.join(', ')].filter(Boolean).join(' · ');
  return (
    <li className="tun-screen-event">
      <span className="tun-screen-event-time">
        {showEnd
          ? t('screens.display.programme.until', { time: format.time(event.end) })
          : format.time(event.start)}
      </span>
      <span className="tun-screen-event-text">
        <span className="tun-screen-event-name">{event.name}</span>
        {details && <span className="tun-screen-event-details">{details}</span>}
      </span>
    </li>
  );
}

export function ProgrammePanel({ programme, now }: { programme: ScreenContent['programme']; now: Date }) {
  const { t } = useTranslation();
  const { now: running, next, moreCount } = nowAndNext(programme.events, now);
  const title = programme.roomName
    ? t('screens.display.programme.titleRoom', { room: programme.roomName })
    : t('screens.display.programme.title');
  return (
    <Panel id="programme" title={title}>
      {running.length === 0 && next.length === 0 ? (
        <p className="tun-screen-empty">{t('screens.display.programme.none')}</p>
      ) : (
        <>
          {running.length > 0 && (
            <>
              <h3 className="tun-screen-subtitle">{t('screens.display.programme.now')}</h3>
              <ul className="tun-screen-list">
                {running.map((event) => (
                  <ProgrammeEvent key={event.id} event={event} showEnd screenRoom={programme.roomName} />
                ))}
              </ul>
            </>
          )}
          {next.length > 0 && (
            <>
              <h3 className="tun-screen-subtitle">{t('screens.display.programme.next')}</h3>
              <ul className="tun-screen-list">
                {next.map((event) => (
                  <ProgrammeEvent
                    key={event.id}
                    event={event}
                    showEnd={false}
                    screenRoom={programme.roomName}
                  />
                ))}
              </ul>
            </>
          )}
          {moreCount > 0 && (
            <p className="tun-screen-muted">{t('screens.display.programme.more', { count: moreCount })}</p>
          )}
        </>
      )}
    </Panel>
  );
}

export function MenuPanel({ menu }: { menu: ScreenContent['menu'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const meals = menu?.meals ?? [];
  return (
    <Panel id="menu" title={t('screens.display.menu.title')}>
      {meals.length === 0 ? (
        <p className="tun-screen-empty">{t('screens.display.menu.none')}</p>
      ) : (
        meals.map((meal) => (
          <div key={`${meal.name}-${meal.start}`} className="tun-screen-meal">
            <h3 className="tun-screen-subtitle">
              {t('screens.display.menu.meal', { name: meal.name, time: format.time(meal.start) })}
            </h3>
            <ul className="tun-screen-list">
              {meal.dishes.map((dish) => (
                <li key={dish.name} className="tun-screen-dish">
                  <span>
                    {/* The main course needs no label; an alternative or a dessert does. */}
                    {meal.dishes.length > 1 && dish.course !== 'main' && (
                      <span className="tun-screen-muted">{t(`food.course.${dish.course}`)}: </span>
                    )}
                    {dish.name}
                  </span>
                  {dish.allergens.length > 0 && (
                    <span className="tun-screen-muted">
                      {t('screens.display.menu.allergens', { list: allergensInWords(t, dish) })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </Panel>
  );
}

export function SupervisionPanel({ supervision }: { supervision: ScreenContent['supervision'] }) {
  const { t } = useTranslation();
  return (
    <Panel id="supervision" title={t('screens.display.supervision.title')}>
      {supervision.name || supervision.phone ? (
        <dl className="tun-screen-facts">
          {supervision.name && (
            <div>
              <dt>{t('screens.display.supervision.onDuty')}</dt>
              <dd className="tun-screen-strong">{supervision.name}</dd>
            </div>
          )}
          {supervision.phone && (
            <div>
              <dt>{t('screens.display.supervision.phone')}</dt>
              <dd className="tun-screen-strong">{supervision.phone}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="tun-screen-empty">{t('screens.display.supervision.none')}</p>
      )}
    </Panel>
  );
}

export function PostsPanel({ posts, now }: { posts: ScreenContent['posts']; now: Date }) {
  const { t } = useTranslation();
  const index = currentPostIndex(posts.length, now);
  const post = posts[index];
  return (
    <Panel id="posts" title={t('screens.display.posts.title')}>
      {post ? (
        // Keyed by the post, so the gentle fade-in runs once per change of post (none when
        // reduced motion is asked for) and never on a mere refetch.
        <article key={post.id} className="tun-screen-post" aria-labelledby={`tun-screen-post-${post.id}`}>
          <h3 id={`tun-screen-post-${post.id}`} className="tun-screen-post-title">
            {post.title}
          </h3>
          {/* Sanitized by the server with an allow-list (docs/decisions/021-posts-and-notifications.md). */}
          <div className="tun-screen-post-body" dangerouslySetInnerHTML={{ __html: post.body }} />
          {posts.length > 1 && (
            <p className="tun-screen-muted tun-screen-post-position">
              {t('screens.display.posts.position', { current: index + 1, total: posts.length })}
            </p>
          )}
        </article>
      ) : (
        <p className="tun-screen-empty">{t('screens.display.posts.none')}</p>
      )}
    </Panel>
  );
}

export function ClockPanel({ now }: { now: Date }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Panel id="clock" title={t('screens.display.clock.title')} hideTitle>
      <p className="tun-screen-clock">
        <time dateTime={now.toISOString()}>{format.time(now)}</time>
      </p>
      <p className="tun-screen-date">
        {format.date(now, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
      </p>
    </Panel>
  );
}

/**
 * The room's rotating check-in code. Offline it is not shown: the code changes every minute,
 * and one the TV cannot renew would only be refused when scanned.
 */
export function CheckInPanel({ checkIn, offline }: { checkIn: ScreenCheckIn | null; offline: boolean }) {
  const { t } = useTranslation();
  const shown = checkIn !== null && !offline;
  return (
    <Panel id="checkIn" title={t('screens.display.checkIn.title')} hideTitle={shown}>
      {shown ? (
        <div className="tun-screen-check-in">
          <div className="tun-screen-qr">
            <QrCode
              value={checkIn.link}
              label={t('screens.display.checkIn.qrLabel', { room: checkIn.roomName })}
              size="100%"
            />
          </div>
          <p className="tun-screen-check-in-caption">
            {t('screens.display.checkIn.scan', { room: checkIn.roomName })}
          </p>
        </div>
      ) : (
        <p className="tun-screen-empty">
          {checkIn ? t('screens.display.checkIn.offline') : t('screens.display.checkIn.none')}
        </p>
      )}
    </Panel>
  );
}
