// byte/short/char arithmetic wraps through int; compound assignments narrow implicitly.
public class NarrowingArith {
    static byte bField = 100;
    short sField = 30000;
    public static void main(String[] args) {
        byte b = 120;
        b += 10;
        System.out.println("b " + b);
        b++;
        System.out.println("b++ " + b);
        b = -128;
        b--;
        System.out.println("b-- " + b);
        short s = 32767;
        s++;
        System.out.println("s " + s);
        s *= 3;
        System.out.println("s*3 " + s);
        char c = 65535;
        c++;
        System.out.println("c " + (int) c);
        c -= 1;
        System.out.println("c-1 " + (int) c);
        bField += 200;
        System.out.println("static field " + bField);
        NarrowingArith o = new NarrowingArith();
        o.sField += 10000;
        System.out.println("instance field " + o.sField);
        byte[] arr = {127, -128, 0};
        arr[0]++;
        arr[1] -= 1;
        arr[2] += 255;
        System.out.println("array " + arr[0] + " " + arr[1] + " " + arr[2]);
        short[] sa = {1};
        sa[0] <<= 15;
        System.out.println("short shift " + sa[0]);
        char[] ca = {'a'};
        ca[0] += 2;
        System.out.println("char arr " + ca[0]);
        int sum = 0;
        for (byte i = -5; i < 5; i++) sum += i * i;
        System.out.println("sum " + sum);
        byte x = (byte) 0xF0, y = 0x0F;
        System.out.println("mix " + (x | y) + " " + (byte) (x | y) + " " + (x & 0xFF));
    }
}
