import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { normalizeImagePath } from "../../shared/image";
import styles from "./home.module.css";

export interface BannerData {
  id: string;
  imageUrl: string;
  altText: string;
  title: string;
  linkUrl: string;
}

/** Spec section 9: autoplay every 3000 ms; 3 indicators while the banners load. */
export const BANNER_AUTOPLAY_MS = 3000;
const BANNER_SKELETON_INDICATORS = 3;

// antd-mobile's Swiper (with its animation and gesture libraries) loads when the carousel first moves: the first
// autoplay step (3 s after the first banner's image is in) or the visitor's first touch on it. Until then the first
// banner is shown in the very same box, so nothing moves when the swiper takes over, and the page's first load
// neither downloads nor runs the carousel's code.
const BannerSwiper = lazy(() => import("./BannerSwiper"));

/** Only web links and site paths are opened; anything else (javascript:, data:) is ignored. */
function bannerLink(link: string | null | undefined): { internal: boolean; href: string } | null {
  const href = link?.trim();
  if (!href) return null;
  if (href.startsWith("/") && !href.startsWith("//")) return { internal: true, href };
  if (/^https?:\/\//i.test(href) || href.startsWith("//")) return { internal: false, href };
  return null;
}

export function Indicators({ total, current }: { total: number; current: number }) {
  return (
    <div className={styles.bannerIndicators} aria-hidden>
      {Array.from({ length: total }, (_, i) => (
        <span key={i} className={i === current ? styles.indicatorActive : undefined} />
      ))}
    </div>
  );
}

/** One banner: its image (and title); a click opens its link. */
export function BannerSlide({
  banner,
  index,
  onSettled,
}: {
  banner: BannerData;
  index: number;
  onSettled?: () => void;
}) {
  const navigate = useNavigate();
  const link = bannerLink(banner.linkUrl);
  const open = () => {
    if (!link) return;
    if (link.internal) void navigate(link.href);
    else window.open(link.href, "_blank", "noopener,noreferrer");
  };
  return (
    <div
      className={styles.slide}
      role={link ? "link" : undefined}
      tabIndex={link ? 0 : undefined}
      aria-label={banner.title || banner.altText || `轮播图 ${index + 1}`}
      onClick={open}
      onKeyDown={(e) => e.key === "Enter" && open()}
      style={{ cursor: link ? "pointer" : "default" }}
    >
      <img
        src={normalizeImagePath(banner.imageUrl)}
        alt={banner.altText || banner.title}
        loading={index === 0 ? "eager" : "lazy"}
        fetchPriority={index === 0 ? "high" : "auto"}
        decoding="async"
        draggable={false}
        onLoad={onSettled}
        onError={onSettled}
      />
      {banner.title && <span className={styles.slideTitle}>{banner.title}</span>}
    </div>
  );
}

/** The home page's banner carousel: loops and autoplays every 3 s; 3 skeleton indicators while loading. */
export function BannerCarousel({ banners }: { banners: readonly BannerData[] | null }) {
  const [firstIn, setFirstIn] = useState(false);
  // null: still the static first banner; else the swiper, which first steps on to the next banner when autoplay
  // is what brought it in.
  const [swiper, setSwiper] = useState<null | { advance: boolean }>(null);
  const many = (banners?.length ?? 0) > 1;
  useEffect(() => {
    if (!firstIn || !many) return;
    const timer = window.setTimeout(() => setSwiper((s) => s ?? { advance: true }), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [firstIn, many]);
  if (banners === null) {
    return (
      <div className={`${styles.banner} ${styles.bannerSkeleton}`} aria-busy="true" aria-label="轮播图加载中">
        <Indicators total={BANNER_SKELETON_INDICATORS} current={0} />
      </div>
    );
  }
  if (banners.length === 0) return null;
  const first = (
    <section
      className={styles.banner}
      aria-label="轮播图"
      data-banner-index={0}
      onPointerDown={many ? () => setSwiper((s) => s ?? { advance: false }) : undefined}
    >
      <BannerSlide banner={banners[0]!} index={0} onSettled={() => setFirstIn(true)} />
      {banners.length > 1 && <Indicators total={banners.length} current={0} />}
    </section>
  );
  if (!many || !swiper) return first;
  return (
    <Suspense fallback={first}>
      <BannerSwiper banners={banners} advance={swiper.advance} />
    </Suspense>
  );
}
