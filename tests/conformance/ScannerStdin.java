// Scanner over System.in (input: ScannerStdin.stdin) and over a String, BufferedReader.readLine.
import java.util.*;
import java.io.*;
public class ScannerStdin {
    public static void main(String[] a) throws IOException {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        long sum = 0;
        for (int i = 0; i < n; i++) sum += sc.nextLong();
        System.out.println("sum " + sum);
        System.out.println("rest [" + sc.nextLine() + "]");
        System.out.println("line [" + sc.nextLine() + "]");
        double d = sc.nextDouble();
        System.out.println("d " + d);
        System.out.println(sc.hasNextInt() + " " + sc.hasNextDouble() + " " + sc.hasNext());
        try { sc.nextInt(); } catch (InputMismatchException e) { System.out.println("IME " + e.getMessage() + " " + sc.next()); }
        try { sc.nextInt(); } catch (InputMismatchException e) { System.out.println("IME " + e.getMessage() + " " + sc.next()); }
        System.out.println(sc.nextInt() + " " + sc.nextDouble() + " " + sc.nextBoolean());
        while (sc.hasNextLine()) System.out.println("L[" + sc.nextLine() + "]");
        try { sc.next(); } catch (NoSuchElementException e) { System.out.println("NSE " + e.getMessage()); }
        try { sc.nextLine(); } catch (NoSuchElementException e) { System.out.println("NSE " + e.getMessage()); }
        Scanner s2 = new Scanner("a,b,,c 1,234 -1,000 +7 1e3 .5 5. x");
        System.out.println(s2.next() + "|" + s2.nextInt() + "|" + s2.nextInt() + "|" + s2.nextInt() + "|" + s2.nextDouble() + "|" + s2.nextDouble() + "|" + s2.nextDouble() + "|" + s2.hasNextDouble());
        Scanner s3 = new Scanner("a,b,,c").useDelimiter(",");
        while (s3.hasNext()) System.out.println("tok[" + s3.next() + "]");
        BufferedReader br = new BufferedReader(new StringReader("x\r\ny\rz\n\nw"));
        String l; while ((l = br.readLine()) != null) System.out.println("BR[" + l + "]");
        sc.close();
        try { sc.next(); } catch (IllegalStateException e) { System.out.println("ISE " + e.getMessage()); }
    }
}
