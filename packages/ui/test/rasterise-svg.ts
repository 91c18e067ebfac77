// Test code only: paints a code's SVG, as the member card draws it, into a luminance array, so a
// decoder library reads what a scanner would see. It knows the shapes the card uses (rect, and
// paths made of axis-aligned rectangles) on the SVG's unit grid, and fails on anything else
// rather than guess.

/** A greyscale image: one byte per pixel, 0 black to 255 white, row after row. */
export interface LuminanceImage {
  width: number;
  height: number;
  luminances: Uint8ClampedArray;
}

function luminanceOf(fill: string | null): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill ?? '');
  if (match === null) throw new Error(`Unsupported fill: ${String(fill)}`);
  const [red, green, blue] = [match[1], match[2], match[3]].map((hex) => Number.parseInt(hex ?? '0', 16)) as [number, number, number];
  return Math.round(0.299 * red + 0.587 * green + 0.114 * blue);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The rectangles of a path of closed axis-aligned rectangles (`M x y h w v h h -w z`, any order of h and v). */
function pathRectangles(d: string): Box[] {
  const boxes: Box[] = [];
  for (const subpath of d.split(/[zZ]/).map((part) => part.trim()).filter(Boolean)) {
    const tokens = subpath.match(/[MmHhVv]|-?\d*\.?\d+/g) ?? [];
    let x = 0;
    let y = 0;
    const points: [number, number][] = [];
    for (let index = 0; index < tokens.length; index += 1) {
      const command = tokens[index];
      const value = () => Number(tokens[++index]);
      if (command === 'M') [x, y] = [value(), value()];
      else if (command === 'm') [x, y] = [x + value(), y + value()];
      else if (command === 'H') x = value();
      else if (command === 'h') x += value();
      else if (command === 'V') y = value();
      else if (command === 'v') y += value();
      else throw new Error(`Unsupported path command: ${String(command)}`);
      points.push([x, y]);
    }
    const xs = points.map(([px]) => px);
    const ys = points.map(([, py]) => py);
    const box = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
    // Only a closed rectangle: four corners, each on the box's edge.
    if (points.length !== 4 || !points.every(([px, py]) => (px === box.x || px === box.x + box.width) && (py === box.y || py === box.y + box.height))) {
      throw new Error(`Not a rectangle: ${subpath}`);
    }
    boxes.push(box);
  }
  return boxes;
}

/**
 * The SVG at `scale` pixels per unit of its viewBox. The canvas starts black, so whatever is white
 * around the code (its quiet zone) must be painted by the SVG itself.
 */
export function rasteriseSvg(svg: SVGSVGElement, scale = 4): LuminanceImage {
  const viewBox = (svg.getAttribute('viewBox') ?? '').split(/\s+/).map(Number);
  const [minX = 0, minY = 0, viewWidth = 0, viewHeight = 0] = viewBox;
  if (minX !== 0 || minY !== 0 || !Number.isInteger(viewWidth) || !Number.isInteger(viewHeight) || viewWidth <= 0 || viewHeight <= 0) {
    throw new Error(`Unsupported viewBox: ${svg.getAttribute('viewBox') ?? ''}`);
  }
  const width = viewWidth * scale;
  const height = viewHeight * scale;
  const luminances = new Uint8ClampedArray(width * height);
  const paint = (box: Box, luminance: number) => {
    for (let row = box.y * scale; row < (box.y + box.height) * scale; row += 1) {
      luminances.fill(luminance, row * width + box.x * scale, row * width + (box.x + box.width) * scale);
    }
  };
  for (const shape of Array.from(svg.children)) {
    const luminance = luminanceOf(shape.getAttribute('fill'));
    if (shape.tagName === 'rect') {
      const [x, y, boxWidth, boxHeight] = ['x', 'y', 'width', 'height'].map((name) => Number(shape.getAttribute(name) ?? '0')) as [number, number, number, number];
      paint({ x, y, width: boxWidth, height: boxHeight }, luminance);
    } else if (shape.tagName === 'path') {
      for (const box of pathRectangles(shape.getAttribute('d') ?? '')) paint(box, luminance);
    } else {
      throw new Error(`Unsupported shape: ${shape.tagName}`);
    }
  }
  return { width, height, luminances };
}
