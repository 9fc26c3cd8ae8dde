// ASCII Mandelbrot set: double arithmetic in tight loops (IEEE results are exact and reproducible).
public class Mandelbrot {
    public static void main(String[] args) {
        String shades = " .:-=+*#%@";
        int total = 0;
        for (int row = 0; row < 24; row++) {
            StringBuilder sb = new StringBuilder();
            for (int col = 0; col < 72; col++) {
                double cr = -2.2 + col * (3.2 / 72), ci = -1.2 + row * (2.4 / 24);
                double zr = 0, zi = 0;
                int it = 0;
                while (it < 200 && zr * zr + zi * zi <= 4.0) {
                    double t = zr * zr - zi * zi + cr;
                    zi = 2 * zr * zi + ci;
                    zr = t;
                    it++;
                }
                total += it;
                sb.append(shades.charAt(it == 200 ? 9 : it % 9));
            }
            System.out.println(sb);
        }
        System.out.println("iterations " + total);
        float fr = 0, fi = 0;
        int fit = 0;
        while (fit < 1000 && fr * fr + fi * fi <= 4f) { float t = fr * fr - fi * fi - 0.75f; fi = 2 * fr * fi + 0.1f; fr = t; fit++; }
        System.out.println("float orbit " + fit + " " + Float.floatToIntBits(fr) + " " + Float.floatToIntBits(fi));
    }
}
