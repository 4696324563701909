import { HeadsetIcon, ReturnIcon, TruckIcon } from "../../ui/icons.tsx";

const SERVICES = [
  { Icon: TruckIcon, title: "Free Shipping", text: "Free shipping on all orders" },
  { Icon: HeadsetIcon, title: "Support 24/7", text: "Support 24 hours a day, 7 days a week" },
  { Icon: ReturnIcon, title: "Money Return", text: "30 days free return" },
] as const;

/** The three promises of the shop (spec section 1). */
export function ServicesStrip() {
  return (
    <section className="services" aria-label="Our promises">
      <div className="container services__grid">
        {SERVICES.map(({ Icon, title, text }) => (
          <div key={title} className="service-card">
            <span className="service-card__icon">
              <Icon size={30} />
            </span>
            <div>
              <h2 className="service-card__title">{title}</h2>
              <p className="service-card__text">{text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
