// iinc with small, large (wide) and negative increments, in loops and on many locals.
public class Iinc {
    public static void main(String[] args) {
        int a = 0;
        a += 1; a += 127; a += -128; a += 128; a += 1000; a += -32768; a += 32767; a += 100000;
        System.out.println("a " + a);
        int b = 5;
        b++; b--; ++b; --b; b -= 7; b -= 200;
        System.out.println("b " + b);
        int sum = 0;
        for (int i = 0; i < 100000; i += 300) sum += i;
        System.out.println("sum " + sum);
        for (int i = 1000; i > -1000; i -= 129) sum ^= i;
        System.out.println("sum2 " + sum);
        int m = Integer.MAX_VALUE;
        m++;
        System.out.println("wrap " + m);
        m += -1;
        System.out.println("wrap back " + m);
        int x = 10;
        int y = x++ + ++x;
        System.out.println("x " + x + " y " + y);
        int z = x-- - --x;
        System.out.println("x " + x + " z " + z);
    }
}
