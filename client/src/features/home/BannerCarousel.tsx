import { useState } from "react";
import { useNavigate } from "react-router";
import { Swiper } from "antd-mobile";
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
export const BANNER_SKELETON_INDICATORS = 3;

/** Only web links and site paths are opened; anything else (javascript:, data:) is ignored. */
export function bannerLink(link: string | null | undefined): { internal: boolean; href: string } | null {
  const href = link?.trim();
  if (!href) return null;
  if (href.startsWith("/") && !href.startsWith("//")) return { internal: true, href };
  if (/^https?:\/\//i.test(href) || href.startsWith("//")) return { internal: false, href };
  return null;
}

function BannerSkeleton() {
  return (
    <div className={`${styles.banner} ${styles.bannerSkeleton}`} aria-busy="true" aria-label="轮播图加载中">
      <div className={styles.bannerIndicators} aria-hidden>
        {Array.from({ length: BANNER_SKELETON_INDICATORS }, (_, i) => (
          <span key={i} className={i === 0 ? styles.indicatorActive : undefined} />
        ))}
      </div>
    </div>
  );
}

/** The home page's banner carousel: loops and autoplays; a click opens the banner's link. */
export function BannerCarousel({ banners }: { banners: readonly BannerData[] | null }) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  if (banners === null) return <BannerSkeleton />;
  if (banners.length === 0) return null;
  const open = (banner: BannerData) => {
    const link = bannerLink(banner.linkUrl);
    if (!link) return;
    if (link.internal) navigate(link.href);
    else window.open(link.href, "_blank", "noopener,noreferrer");
  };
  return (
    <section className={styles.banner} aria-label="轮播图" aria-roledescription="carousel" data-banner-index={index}>
      <Swiper
        loop
        autoplay={banners.length > 1}
        autoplayInterval={BANNER_AUTOPLAY_MS}
        onIndexChange={setIndex}
        indicator={(total, current) =>
          total > 1 ? (
            <div className={styles.bannerIndicators} aria-hidden>
              {Array.from({ length: total }, (_, i) => (
                <span key={i} className={i === current ? styles.indicatorActive : undefined} />
              ))}
            </div>
          ) : null
        }
      >
        {banners.map((b, i) => {
          const link = bannerLink(b.linkUrl);
          return (
            <Swiper.Item key={b.id}>
              <div
                className={styles.slide}
                role={link ? "link" : undefined}
                tabIndex={link ? 0 : undefined}
                aria-label={b.title || b.altText || `轮播图 ${i + 1}`}
                onClick={() => open(b)}
                onKeyDown={(e) => e.key === "Enter" && open(b)}
                style={{ cursor: link ? "pointer" : "default" }}
              >
                <img
                  src={normalizeImagePath(b.imageUrl)}
                  alt={b.altText || b.title}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : "auto"}
                  decoding="async"
                  draggable={false}
                />
                {b.title && <span className={styles.slideTitle}>{b.title}</span>}
              </div>
            </Swiper.Item>
          );
        })}
      </Swiper>
    </section>
  );
}
