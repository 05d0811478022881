import { CheckCircleFilled } from '@ant-design/icons';
import { BrandLogo } from '../../../shared/ui/BrandLogo';
import { LandingIllustration } from './LandingIllustration';

const HIGHLIGHTS = [
  'Loteamentos acompanhados lote a lote, data a data',
  'Obras com vistorias, anotações e sobreposições',
  'Áreas ambientais com análises antes e depois',
];

export function LandingHero() {
  return (
    <section className="landing-hero" aria-label="Sobre o Mirante">
      <BrandLogo size={40} light />
      <div className="landing-hero__copy">
        <h1>Veja a evolução do seu território, imagem por imagem.</h1>
        <p>
          Monitoramento de loteamentos, obras e áreas ambientais com imagens de satélite e drone datadas, em
          um só lugar.
        </p>
        <ul>
          {HIGHLIGHTS.map((item) => (
            <li key={item}>
              <CheckCircleFilled aria-hidden /> {item}
            </li>
          ))}
        </ul>
      </div>
      <LandingIllustration />
    </section>
  );
}
