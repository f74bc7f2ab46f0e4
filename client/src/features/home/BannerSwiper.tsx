import { useEffect, useRef, useState } from "react";
import { Swiper, type SwiperRef } from "antd-mobile";
import { BANNER_AUTOPLAY_MS, BannerSlide, Indicators, type BannerData } from "./BannerCarousel";
import styles from "./home.module.css";

/**
 * The carousel proper (its own chunk): antd-mobile's Swiper, looping, autoplay every 3000 ms. `advance`: it was
 * brought in by the first autoplay step, which it then takes at once.
 */
export default function BannerSwiper({ banners, advance }: { banners: readonly BannerData[]; advance: boolean }) {
  const [index, setIndex] = useState(0);
  const swiper = useRef<SwiperRef>(null);
  useEffect(() => {
    if (advance) swiper.current?.swipeNext();
  }, [advance]);
  return (
    <section className={styles.banner} aria-label="轮播图" aria-roledescription="carousel" data-banner-index={index}>
      <Swiper
        ref={swiper}
        loop
        autoplay
        autoplayInterval={BANNER_AUTOPLAY_MS}
        onIndexChange={setIndex}
        indicator={(total, current) => <Indicators total={total} current={current} />}
      >
        {banners.map((b, i) => (
          <Swiper.Item key={b.id}>
            <BannerSlide banner={b} index={i} />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
