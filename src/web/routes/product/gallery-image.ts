/**
 * A picture of the product as the gallery, the zoom viewer and the 360° viewer show it. It has a
 * file of its own so the gallery and the viewer it loads lazily do not import each other.
 */
export interface Image {
  src: string;
  alt: string;
}
